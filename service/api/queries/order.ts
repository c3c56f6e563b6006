import { sql } from "kysely";

/** The specification's list order: `order` ascending, items without one last (as 9999). */
export const ORDER_FALLBACK = 9999;
export const byOrder = (column: string) => sql`coalesce(${sql.ref(column)}, ${sql.lit(ORDER_FALLBACK)})`;
