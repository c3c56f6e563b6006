/**
 * Calls for papers. A call is open until its deadline, the publisher's calendar day (service/published.ts)
 * read at query time: it drops off the lists the day after, without an import or a restart.
 */
import type { CallDetail, CallSummary, Locale } from "../../../contract/api-types.ts";
import type { ContentDb } from "../../db/database.ts";
import { today } from "../../published.ts";
import { journalIdOf } from "./journals.ts";

function selectCalls(db: ContentDb, locale: Locale) {
  return db
    .selectFrom("callForPapers as c")
    .innerJoin("callForPapersText as t", (j) => j.onRef("t.callId", "=", "c.id").on("t.locale", "=", locale))
    .innerJoin("journalText as jt", (j) => j.onRef("jt.journalId", "=", "c.journalId").on("jt.locale", "=", locale))
    .select(["c.id", "c.deadline", "t.title", "t.specialTitle", "jt.slug as journalSlug", "jt.title as journalTitle"]);
}
type CallRow = Awaited<ReturnType<ReturnType<typeof selectCalls>["executeTakeFirstOrThrow"]>>;

function toSummary(row: CallRow, day: string): CallSummary {
  return {
    id: row.id,
    journal: { slug: row.journalSlug, title: row.journalTitle },
    title: row.title,
    specialTitle: row.specialTitle,
    deadline: row.deadline,
    open: row.deadline >= day,
  };
}

export interface CallsRequest {
  /** Only this journal's (its slug in the locale). */
  journalSlug?: string;
  /** The closed calls too. */
  closed?: boolean;
  /** At most this many. */
  limit?: number;
}

/** The open calls (with `closed`, every call), the soonest deadline first. */
export async function listCalls(db: ContentDb, locale: Locale, { journalSlug, closed = false, limit }: CallsRequest = {}): Promise<CallSummary[]> {
  const day = today();
  let query = selectCalls(db, locale).orderBy("c.deadline").orderBy("c.id");
  if (!closed) query = query.where("c.deadline", ">=", day);
  if (journalSlug !== undefined) query = query.where("c.journalId", "=", journalIdOf(db, locale, journalSlug));
  if (limit !== undefined) query = query.limit(limit);
  return (await query.execute()).map((row) => toSummary(row, day));
}

/** A call by its id, open or closed (a link to it outlives its deadline: its page then says it is closed). */
export async function findCall(db: ContentDb, locale: Locale, id: string): Promise<CallDetail | undefined> {
  const row = await selectCalls(db, locale).where("c.id", "=", id).select("t.bodyHtml").executeTakeFirst();
  if (!row) return undefined;
  const { bodyHtml, ...summary } = row;
  return { ...toSummary(summary, today()), bodyHtml };
}
