/**
 * Content files as the editor reads and writes them. A file's schema follows from its path
 * (content/README.md's layout); what Decap saves is tidied before it is checked: an optional field
 * it left empty ("") is dropped, as if never written, and a reference list, which Decap edits as
 * an object `{ article, references, galley, figures }`, is written back as the bare list the
 * folder keeps (the galley and the figures are files of their own, uploaded beside it).
 */
import path from "node:path";
import { parse, stringify } from "yaml";
import { z } from "zod";
import * as schemas from "../content/schema.ts";
import { FIGURES_FIELD, GALLEY_FIELD, REFERENCES_ARTICLE_FIELD, REFERENCES_FIELD } from "./decap-config.ts";

const KINDS: [RegExp, z.ZodType][] = [
  [/^(services|policies)\/[^/]+\.yaml$/, schemas.contentItemFile],
  [/^pages\/[^/]+\.yaml$/, schemas.pageFile],
  [/^departments\/[^/]+\.yaml$/, schemas.departmentFile],
  [/^journals\/[^/]+\/journal\.yaml$/, schemas.journalFile],
  [/^journals\/[^/]+\/board\.yaml$/, schemas.boardFile],
  [/^journals\/[^/]+\/issues\/[^/]+\.yaml$/, schemas.issueFile],
  [/^journals\/[^/]+\/articles\/[^/]+\/references\.yaml$/, schemas.referencesFile],
  [/^books\/[^/]+\.yaml$/, schemas.bookFile],
  [/^calls\/[^/]+\.yaml$/, schemas.callFile],
  [/^reference\.yaml$/, schemas.referenceFile],
];

/** The schema of the content file at this path (relative to the content folder), if it is one the editor writes. */
export const schemaOfPath = (file: string) => KINDS.find(([pattern]) => pattern.test(file))?.[1];

const isReferenceList = (file: string) => schemaOfPath(file) === schemas.referencesFile;

/**
 * A path the editor names, relative to the content folder, made safe: no absolute path, no `..`,
 * no hidden file or folder (`.git`). Returns undefined for one that is not.
 */
export function safeContentPath(file: unknown): string | undefined {
  if (typeof file !== "string" || file.length === 0 || file.length > 300 || file.includes("\\") || file.includes("\0")) return undefined;
  const normal = path.posix.normalize(file.replace(/^\/+/, ""));
  if (normal.startsWith("../") || normal === ".." || normal.split("/").some((part) => part.startsWith("."))) return undefined;
  return normal;
}

/** The files beside an article's reference list: its galley, if any, and its figures (paths under its folder). */
export interface ArticleFolderFiles {
  galley: boolean;
  figures: string[];
}

/** A file as the editor is given it: a reference list wrapped as `{ article, references, galley, figures }`. */
export function toEditor(file: string, raw: string, beside: ArticleFolderFiles = { galley: false, figures: [] }): string {
  if (!isReferenceList(file)) return raw;
  const article = path.posix.basename(path.posix.dirname(file));
  return stringify(
    {
      [REFERENCES_ARTICLE_FIELD]: article,
      [REFERENCES_FIELD]: parse(raw),
      ...(beside.galley ? { [GALLEY_FIELD]: "galley.pdf" } : {}),
      ...(beside.figures.length > 0 ? { [FIGURES_FIELD]: beside.figures } : {}),
    },
    { lineWidth: 0 },
  );
}

type JsonSchema = { type?: string; properties?: Record<string, JsonSchema>; required?: string[]; items?: JsonSchema; anyOf?: JsonSchema[] };

/**
 * What Decap saved, tidied: an optional field it left empty ("", null, an empty list) is dropped
 * where the schema allows leaving it out, and the fields are put in the schema's order (Decap
 * moves an edited list item's fields about), so that a commit shows what changed and little else.
 */
function tidied(value: unknown, schema: JsonSchema): unknown {
  if (Array.isArray(value)) return value.map((item) => tidied(item, schema.items ?? {}));
  if (value === null || typeof value !== "object") return value;
  const variants = schema.anyOf ?? [schema];
  const properties = Object.assign({}, ...variants.map((v) => v.properties ?? {})) as Record<string, JsonSchema>;
  const required = new Set(variants.flatMap((v) => v.required ?? []));
  const order = Object.keys(properties);
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  const tidy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value).sort(([a], [b]) => rank(a) - rank(b))) {
    const empty = item === "" || item === null || (Array.isArray(item) && item.length === 0);
    if (empty && !required.has(key)) continue;
    tidy[key] = tidied(item, properties[key] ?? {});
  }
  return tidy;
}

/** What the editor saved, as the file the folder keeps. Throws a YAML parse error on text that is not YAML. */
export function fromEditor(file: string, raw: string): string {
  const schema = schemaOfPath(file);
  if (!schema) return raw;
  let data: unknown = parse(raw);
  if (isReferenceList(file) && data && typeof data === "object" && !Array.isArray(data)) {
    data = (data as Record<string, unknown>)[REFERENCES_FIELD];
  }
  const tidy = tidied(data, z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema);
  return stringify(tidy, { lineWidth: 0, blockQuote: "literal" });
}
