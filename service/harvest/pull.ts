/**
 * `content:pull`: harvests each journal that names a source (`source:` in its journal.yaml) and
 * writes its issue files and article folders, then checks the whole folder as content:check
 * does; on any problem every file it wrote is put back (files.ts).
 *
 * Per journal: Identify, ListMetadataFormats (JATS when offered, else oai_dc, unless the journal
 * names one), then ListRecords from the last successful pull's response date (kept in
 * `.harvest/{journal id}.json`, with the last attempt and its counts). Records are mapped as they
 * arrive and staged on disk by the issue file they go to, so memory holds an index of the
 * journal's articles (ids, DOIs), never the records; then each issue file is merged with what the
 * editor wrote (merge.ts) and written only when it changed.
 */
import { appendFile, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { parse as parseYaml, stringify } from "yaml";
import { type Locale, locales } from "../../i18n/locales.ts";
import { ContentError, readContentFolder } from "../content/read-folder.ts";
import { type ArticleFile, type IssueFile, issueFile, type JournalFile, journalFile } from "../content/schema.ts";
import { download } from "./download.ts";
import { FileChanges } from "./files.ts";
import { type Harvested, type HarvestedRelation, RecordRejected, slugOf } from "./harvested.ts";
import { mapDublinCore } from "./map-dublin-core.ts";
import { mapJats } from "./map-jats.ts";
import { keepPublisherFields } from "./merge.ts";
import { type ClientOptions, HarvestError, type ListItem, OaiClient } from "./oai-client.ts";

export interface PullOptions {
  /** The content folder. */
  root: string;
  /** Only this journal. */
  journalId?: string;
  /** Harvest from this day instead of the last successful pull's. */
  since?: string;
  /** Download the PDF galleys into the articles' folders. */
  galleys?: boolean;
  client?: Partial<ClientOptions>;
  /** Progress lines. */
  log?: (line: string) => void;
  /** The largest galley and figure downloaded. */
  maxGalleyBytes?: number;
  maxFigureBytes?: number;
}

export interface JournalPull {
  journalId: string;
  source: string;
  format?: string;
  from?: string;
  read: number;
  added: number;
  updated: number;
  unchanged: number;
  withdrawn: number;
  rejected: { identifier: string; reason: string }[];
  /** What was left out of an article that was written (a figure, a galley). */
  warnings: { identifier: string; reason: string }[];
  requests: number;
  ms: number;
  error?: string;
}

export interface PullResult {
  journals: JournalPull[];
  /** Files written (0 when the check failed and they were put back). */
  files: number;
  problems: string[];
  ok: boolean;
}

/** What the pull remembers of a journal's source between pulls. */
export interface HarvestState {
  source: string;
  lastAttempt: string;
  lastSuccess?: string;
  /** Where the next incremental harvest starts: the repository's response date at the last success, at its granularity. */
  from?: string;
  last: Omit<JournalPull, "rejected" | "warnings"> & { rejected: number; warnings: number };
}

export const stateDir = (root: string) => path.join(root, ".harvest");
const stateFile = (root: string, journalId: string) => path.join(stateDir(root), `${journalId}.json`);

export async function readStates(root: string): Promise<Record<string, HarvestState>> {
  const files = await readdir(stateDir(root)).catch(() => [] as string[]);
  const states: Record<string, HarvestState> = {};
  for (const file of files.filter((f) => f.endsWith(".json"))) {
    states[file.slice(0, -5)] = JSON.parse(await readFile(path.join(stateDir(root), file), "utf8")) as HarvestState;
  }
  return states;
}

/** What the status endpoint shows: each journal's source, and its last attempt and success with the counts. */
export interface HarvestStatus {
  journals: ({ journalId: string; source: string } & Partial<HarvestState>)[];
}

export async function harvestStatus(root: string): Promise<HarvestStatus> {
  const [journals, states] = await Promise.all([journalsWithSource(root), readStates(root)]);
  return {
    journals: journals.map((j) => {
      const state = states[j.id];
      return { journalId: j.id, source: j.source?.oai as string, ...(state?.source === j.source?.oai ? state : {}) };
    }),
  };
}

/** The journals of the folder that name a source (only `journalId` when given). */
export async function journalsWithSource(root: string, journalId?: string): Promise<JournalFile[]> {
  const dirs = await readdir(path.join(root, "journals"), { withFileTypes: true }).catch(() => []);
  const journals: JournalFile[] = [];
  for (const dir of dirs.filter((d) => d.isDirectory()).map((d) => d.name)) {
    if (journalId && dir !== journalId) continue;
    const parsed = journalFile.safeParse(parseYaml(await readFile(path.join(root, "journals", dir, "journal.yaml"), "utf8").catch(() => "")));
    if (parsed.success && parsed.data.source) journals.push(parsed.data);
  }
  return journals;
}

export async function pullContent(options: PullOptions): Promise<PullResult> {
  const { root } = options;
  const log = options.log ?? (() => {});
  const journals = await journalsWithSource(root, options.journalId);
  const changes = new FileChanges(path.join(stateDir(root), `undo-${process.pid}`));
  const results: JournalPull[] = [];
  try {
    for (const journal of journals) results.push(await pullJournal(journal, options, changes, log));
  } catch (error) {
    // Not the source's failure (that is reported per journal) but this machine's: nothing half-written stays.
    await changes.undo();
    throw error;
  }
  let problems: string[] = [];
  if (changes.count > 0) {
    log(`checking the folder (${changes.count} files written)…`);
    try {
      await readContentFolder(root);
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      problems = error.message.split("\n");
      await changes.undo();
    }
  }
  await rm(path.join(stateDir(root), `undo-${process.pid}`), { recursive: true, force: true });
  const ok = problems.length === 0 && results.every((r) => !r.error);
  // The state moves on only for a pull whose files stayed.
  for (const result of results) await saveState(root, result, problems.length === 0 && !result.error);
  return { journals: results, files: problems.length === 0 ? changes.count : 0, problems, ok };
}

async function saveState(root: string, result: JournalPull, success: boolean) {
  const previous: Partial<HarvestState> = await readFile(stateFile(root, result.journalId), "utf8")
    .then((t) => JSON.parse(t) as HarvestState)
    .catch(() => ({}));
  const now = new Date().toISOString();
  const { rejected, warnings, ...counts } = result;
  const state: HarvestState = {
    source: result.source,
    lastAttempt: now,
    ...(success ? { lastSuccess: now, from: counts.from } : { lastSuccess: previous.lastSuccess, from: previous.from }),
    last: { ...counts, rejected: rejected.length, warnings: warnings.length },
  };
  await mkdir(stateDir(root), { recursive: true });
  await writeFile(stateFile(root, result.journalId), `${JSON.stringify(state, null, 2)}\n`);
}

/** An existing issue file, read for the index and again when merged. */
interface IssueOnDisk {
  file: string;
  data: IssueFile;
}

async function readIssues(dir: string): Promise<Map<string, IssueOnDisk>> {
  const issues = new Map<string, IssueOnDisk>();
  for (const name of (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith(".yaml")).sort()) {
    const file = path.join(dir, name);
    const parsed = issueFile.safeParse(parseYaml(await readFile(file, "utf8")));
    // A file that does not read is reported by the check; the pull leaves it alone.
    if (parsed.success) issues.set(parsed.data.id, { file, data: parsed.data });
  }
  return issues;
}

/** A staged record: where it goes, and what it says. */
interface Staged {
  issueId: string;
  articleId: string;
  harvested?: Harvested;
  /** A deleted record of an article the folder has. */
  withdrawn?: true;
}

const statusAfter = { corrects: "corrected", retracts: "retracted", concerns: "expression-of-concern" } as const;

async function pullJournal(journal: JournalFile, options: PullOptions, changes: FileChanges, log: (line: string) => void): Promise<JournalPull> {
  const source = journal.source as NonNullable<JournalFile["source"]>;
  const started = Date.now();
  const result: JournalPull = {
    journalId: journal.id,
    source: source.oai,
    read: 0,
    added: 0,
    updated: 0,
    unchanged: 0,
    withdrawn: 0,
    rejected: [],
    warnings: [],
    requests: 0,
    ms: 0,
  };
  const journalDir = path.join(options.root, "journals", journal.id);
  const work = path.join(stateDir(options.root), `work-${journal.id}-${process.pid}`);
  const client = new OaiClient(source.oai, {
    ...options.client,
    onRequest: (url) => {
      result.requests++;
      options.client?.onRequest?.(url);
    },
    onRetry: (reason, waitMs) => log(`${journal.id}: ${reason}; trying again in ${(waitMs / 1000).toFixed(1)} s`),
  });
  try {
    const repository = await client.identify();
    const formats = await client.listMetadataFormats();
    const jats = formats.find((f) => /jats/i.test(f.namespace) || /jats/i.test(f.schema) || f.prefix === "jats");
    const dc = formats.find((f) => f.prefix === "oai_dc");
    const format = source.format === "oai_dc" ? dc : source.format === "jats" ? jats : (jats ?? dc);
    if (!format) throw new HarvestError(`the repository does not offer ${source.format ?? "JATS or oai_dc"}`);
    result.format = format.prefix;
    const state = await readFile(stateFile(options.root, journal.id), "utf8")
      .then((t) => JSON.parse(t) as HarvestState)
      .catch(() => undefined);
    // A source named anew is harvested whole.
    const from = options.since ?? (state?.source === source.oai ? state.from : undefined);
    log(`${journal.id}: ${repository.name || source.oai}, ${format.prefix}${from ? ` from ${from}` : ", everything"}`);

    const issues = await readIssues(path.join(journalDir, "issues"));
    const index = indexOf(issues);
    await rm(work, { recursive: true, force: true });
    await mkdir(work, { recursive: true });
    const notices: HarvestedRelation[] = [];
    const isJats = format === jats;
    let lastReport = Date.now();
    const rejected = new Map<string, string>();
    // Staged lines by issue file, appended a thousand records at a time.
    const buffered = new Map<string, string[]>();
    let count = 0;
    const flush = async () => {
      for (const [issueId, lines] of buffered) await appendFile(path.join(work, `${issueId}.jsonl`), lines.join(""));
      buffered.clear();
      count = 0;
    };
    for await (const item of client.listRecords({ metadataPrefix: format.prefix, set: source.set, from })) {
      result.read++;
      const staged = stage(item, isJats, index, rejected);
      if (staged) {
        const lines = buffered.get(staged.issueId) ?? [];
        lines.push(`${JSON.stringify(staged)}\n`);
        buffered.set(staged.issueId, lines);
        if (++count >= 1000) await flush();
        for (const relation of staged.harvested?.relations ?? []) {
          if (relation.side === "notice") notices.push(relation);
        }
      }
      if (Date.now() - lastReport > 5000) {
        lastReport = Date.now();
        log(`${journal.id}: ${result.read} records read, ${result.requests} requests`);
      }
    }
    await flush();
    result.rejected = [...rejected].map(([identifier, reason]) => ({ identifier, reason }));
    result.from = cut(client.firstResponseDate, repository.granularity);

    // A notice's work in this journal: by DOI or landing page, and the status the notice gives it.
    const targetOf = (relation: HarvestedRelation) =>
      (relation.doi && index.byDoi.get(relation.doi.toLowerCase())) || (relation.url && index.byPage(relation.url)) || undefined;
    const statusOf = new Map<string, ArticleFile["status"]>();
    for (const relation of notices) {
      const target = targetOf(relation);
      if (target) statusOf.set(target, statusAfter[relation.type]);
    }
    const touched = new Set([...(await readdir(work)).map((f) => f.slice(0, -6)), ...[...statusOf.keys()].map((k) => k.split("/")[0])]);
    for (const issueId of [...touched].sort()) {
      await writeIssue(issueId, {
        journalDir,
        work,
        existing: issues.get(issueId),
        statusOf,
        targetOf,
        result,
        changes,
        options,
        sourceHost: new URL(source.oai).host,
        journalLicence: journal.licence,
      });
    }
  } catch (error) {
    if (!(error instanceof HarvestError)) throw error;
    result.error = error.message;
    log(`${journal.id}: failed: ${error.message}`);
  } finally {
    await rm(work, { recursive: true, force: true });
    result.ms = Date.now() - started;
  }
  return result;
}

/** A response date at the repository's granularity (a day, or the full UTC time). */
const cut = (date: string | undefined, granularity: "day" | "seconds") => (date && granularity === "day" ? date.slice(0, 10) : date);

/** What the pull knows of the journal's articles: where each source record's article is, ids taken, DOIs and issues by volume and number. */
function indexOf(issues: Map<string, IssueOnDisk>) {
  const bySource = new Map<string, string>();
  const byDoi = new Map<string, string>();
  const taken = new Set<string>();
  const issueByNumber = new Map<string, string>();
  for (const [issueId, { data }] of issues) {
    issueByNumber.set(`${data.volume}/${data.number}`, issueId);
    for (const article of data.articles) {
      const key = `${issueId}/${article.id}`;
      taken.add(article.id);
      if (article.sourceId) bySource.set(article.sourceId, key);
      if (article.doi) byDoi.set(article.doi.toLowerCase(), key);
    }
  }
  const keys = new Set([...issues.values()].flatMap(({ data }) => data.articles.map((a) => `${data.id}/${a.id}`)));
  return {
    bySource,
    byDoi,
    taken,
    issueByNumber,
    keys,
    /** An article of this journal by its landing page's last two segments (…/{issue id}/{article id}). */
    byPage: (url: string) => {
      const key = new URL(url, "http://x").pathname.split("/").filter(Boolean).slice(-2).join("/");
      return keys.has(key) ? key : undefined;
    },
  };
}
type Index = ReturnType<typeof indexOf>;

/** Maps one item and decides where it goes; a record that cannot be an article is counted as rejected. */
function stage(item: ListItem, isJats: boolean, index: Index, rejected: Map<string, string>): Staged | undefined {
  // A record sent again (a list started over) is reported as it was last.
  rejected.delete(item.identifier);
  const reject = (reason: string) => {
    rejected.set(item.identifier, reason);
    return undefined;
  };
  if (item.kind === "unreadable") return reject(item.reason);
  const known = index.bySource.get(item.identifier);
  if (item.deleted) {
    if (!known) return undefined; // never harvested here: nothing to withdraw
    const [issueId, articleId] = known.split("/");
    return { issueId, articleId, withdrawn: true };
  }
  let harvested: Harvested;
  try {
    if (!item.metadata) throw new RecordRejected("no metadata");
    harvested = isJats ? mapJats(item.metadata, item.identifier) : mapDublinCore(item.metadata, item.identifier);
    if (!locales.some((l) => harvested.text[l]?.abstract)) throw new RecordRejected("no abstract in English or Turkish");
    if (!harvested.article.authors) throw new RecordRejected("no author");
    if (!known && (harvested.issue.volume === undefined || harvested.issue.number === undefined)) {
      throw new RecordRejected("no volume and issue number");
    }
  } catch (error) {
    if (!(error instanceof RecordRejected)) throw error;
    return reject(error.message);
  }
  let key = known;
  if (!key) {
    const issueId =
      index.issueByNumber.get(`${harvested.issue.volume}/${harvested.issue.number}`) ?? `v${harvested.issue.volume}-n${harvested.issue.number}`;
    index.issueByNumber.set(`${harvested.issue.volume}/${harvested.issue.number}`, issueId);
    const title = harvested.text.en?.title ?? harvested.text.tr?.title ?? "";
    const wanted =
      harvested.preferredId && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(harvested.preferredId) && /[a-z]/.test(harvested.preferredId)
        ? harvested.preferredId
        : slugOf(title) || "article";
    let articleId = wanted;
    for (let n = 2; index.taken.has(articleId); n++) articleId = `${wanted}-${n}`;
    index.taken.add(articleId);
    key = `${issueId}/${articleId}`;
    index.bySource.set(item.identifier, key);
    index.keys.add(key);
  }
  if (harvested.article.doi) index.byDoi.set(harvested.article.doi.toLowerCase(), key);
  const [issueId, articleId] = key.split("/");
  return { issueId, articleId, harvested };
}

interface IssueWrite {
  journalDir: string;
  work: string;
  existing: IssueOnDisk | undefined;
  statusOf: Map<string, ArticleFile["status"]>;
  targetOf: (relation: HarvestedRelation) => string | undefined;
  result: JournalPull;
  changes: FileChanges;
  options: PullOptions;
  sourceHost: string;
  /** The journal's licence: an article under the same one says nothing of its own. */
  journalLicence: string | undefined;
}

/** The fields of an article in the order its file shows them. */
const fieldOrder = [
  "id",
  "sourceId",
  "type",
  "language",
  "status",
  "relations",
  "doi",
  "pages",
  "receivedOn",
  "acceptedOn",
  "publishedOn",
  "modifiedOn",
  "versions",
  "views",
  "pdfUrl",
  "licence",
  "copyright",
  "funding",
  "authors",
  "en",
  "tr",
];

/** The article as its file writes it: fields in order, defaults left out. */
function tidy(article: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of fieldOrder) {
    const value = article[key];
    if (value === undefined || (Array.isArray(value) && value.length === 0 && key !== "authors")) continue;
    if (key === "status" && value === "published") continue;
    if (key === "views" && value === 0) continue;
    if (key === "authors") {
      out.authors = (value as Record<string, unknown>[]).map((a) => {
        const { corresponding, roles, affiliations, ...rest } = a;
        return {
          ...rest,
          ...(corresponding ? { corresponding } : {}),
          ...((roles as unknown[])?.length ? { roles } : {}),
          ...((affiliations as unknown[])?.length ? { affiliations } : {}),
        };
      });
      continue;
    }
    out[key] = value;
  }
  return out;
}

const sameData = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
/** Lines as long as their text (no folding), and a text used twice written twice (no YAML anchors). */
const YAML_OPTIONS = { lineWidth: 0, aliasDuplicateObjects: false } as const;

async function writeIssue(issueId: string, w: IssueWrite) {
  const { existing, result, changes } = w;
  const lines = await readFile(path.join(w.work, `${issueId}.jsonl`), "utf8").catch(() => "");
  // The last record of an article wins (a list started again sends records twice).
  const staged = new Map<string, Staged>();
  for (const line of lines.split("\n").filter(Boolean)) {
    const s = JSON.parse(line) as Staged;
    staged.set(s.articleId, s);
  }
  const articles = new Map<string, Record<string, unknown>>((existing?.data.articles ?? []).map((a) => [a.id, { ...a }]));
  const before = new Map([...articles].map(([id, a]) => [id, JSON.stringify(issueFile.shape.articles.element.parse(a))]));
  let issue: Omit<IssueFile, "articles"> | undefined = existing ? { ...existing.data } : undefined;
  for (const s of staged.values()) {
    const current = articles.get(s.articleId);
    if (s.withdrawn) {
      if (current && current.status !== "withdrawn") {
        current.status = "withdrawn";
        result.withdrawn++;
      }
      continue;
    }
    const h = s.harvested as Harvested;
    const incoming = await articleOf(h, s, w);
    articles.set(s.articleId, keepPublisherFields(current, incoming) as Record<string, unknown>);
    const year = h.issue.year ?? Number(h.article.publishedOn?.slice(0, 4));
    issue = {
      ...(issue ?? {
        id: issueId,
        volume: h.issue.volume as number,
        number: h.issue.number as number,
        year,
        publishedOn: h.article.publishedOn as string,
      }),
      ...(h.issue.publishedOn ? { publishedOn: h.issue.publishedOn, year } : {}),
      ...(h.issue.specialTitle ? { specialTitle: filled(h.issue.specialTitle) } : {}),
    };
  }
  if (!issue) return;
  // A new issue without its own date is dated by its latest article.
  if (!existing && ![...staged.values()].some((s) => s.harvested?.issue.publishedOn)) {
    issue.publishedOn =
      [...articles.values()]
        .map((a) => a.publishedOn as string)
        .sort()
        .at(-1) ?? issue.publishedOn;
  }
  for (const [id, article] of articles) {
    const status = w.statusOf.get(`${issueId}/${id}`);
    if (status && article.status !== "withdrawn") article.status = status;
    fillLocales(article);
  }
  const ordered = [...articles.values()].sort(
    (a, b) => pageOf(a) - pageOf(b) || String(a.publishedOn).localeCompare(String(b.publishedOn)) || String(a.id).localeCompare(String(b.id)),
  );
  // Existing articles keep the editor's order; new ones join it by first page.
  const order = existing
    ? [...existing.data.articles.map((a) => articles.get(a.id)), ...ordered.filter((a) => !before.has(a.id as string))]
    : ordered;
  for (const article of order) {
    if (!article) continue;
    const was = before.get(article.id as string);
    const parsed = issueFile.shape.articles.element.safeParse(article);
    const now = parsed.success ? JSON.stringify(parsed.data) : undefined;
    if (!was) result.added++;
    else if (was !== now) {
      if (!staged.get(article.id as string)?.withdrawn) result.updated++;
    } else result.unchanged++;
  }
  const data = { ...issue, articles: order.filter((a) => a !== undefined).map(tidy) };
  const file = existing?.file ?? path.join(w.journalDir, "issues", `${issueId}.yaml`);
  if (existing && sameData(issueFile.parse(existing.data), issueFile.safeParse(data).data)) return;
  await changes.write(file, stringify(data, YAML_OPTIONS));
}

const pageOf = (article: Record<string, unknown>) => Number(String(article.pages ?? "").split("-")[0]) || Number.MAX_SAFE_INTEGER;

/** Both languages of a text: one the source does not carry is the other's until an editor writes it. */
const filled = (text: Partial<Record<Locale, string>>): Record<Locale, string> => ({
  en: text.en ?? (text.tr as string),
  tr: text.tr ?? (text.en as string),
});

function fillLocales(article: Record<string, unknown>) {
  for (const locale of locales) {
    const other = locale === "en" ? "tr" : "en";
    const mine = article[locale] as Record<string, unknown> | undefined;
    const theirs = article[other] as Record<string, unknown> | undefined;
    if (!theirs) continue;
    article[locale] = { title: theirs.title, abstract: theirs.abstract, keywords: theirs.keywords ?? [], ...mine };
    if (!(article[locale] as Record<string, unknown>).abstract) (article[locale] as Record<string, unknown>).abstract = theirs.abstract;
  }
}

/** The article as the record has it, its relations resolved, its folder's files written. */
async function articleOf(h: Harvested, s: Staged, w: IssueWrite): Promise<Record<string, unknown>> {
  const relations = (h.relations ?? [])
    .filter((r) => r.side === "notice")
    .flatMap((r): ArticleFile["relations"] => {
      const target = w.targetOf(r);
      return target ? [{ type: r.type, article: target }] : r.doi ? [{ type: r.type, doi: r.doi }] : [];
    });
  const folder = path.join(w.journalDir, "articles", s.articleId);
  const rel = (file: string) => path.join(folder, file);
  if (h.references) await w.changes.write(rel("references.yaml"), stringify(h.references.map(tidyReference), YAML_OPTIONS));
  if (h.body) {
    const hasMarkdown = await readFile(rel("full-text.md")).then(
      () => true,
      () => false,
    );
    // A body written here by hand (full-text.md) is the publisher's.
    if (!hasMarkdown) {
      const body = await withLocalFigures(h, folder, w);
      if (body) await w.changes.write(rel("full-text.xml"), `${body}\n`);
    }
  }
  if (w.options.galleys && h.pdfUrl) {
    const rules = {
      host: w.sourceHost,
      maxBytes: w.options.maxGalleyBytes ?? 50 * 1024 * 1024,
      types: ["application/pdf", "application/octet-stream"],
      magic: "%PDF-",
      timeoutMs: w.options.client?.timeoutMs ?? 60_000,
    };
    let pdf = await download(h.pdfUrl, rules);
    // OJS links a galley's page (…/article/view/…); its file is at …/article/download/….
    if (typeof pdf === "string" && h.pdfUrl.includes("/article/view/"))
      pdf = await download(h.pdfUrl.replace("/article/view/", "/article/download/"), rules);
    if (typeof pdf === "string") w.result.warnings.push({ identifier: h.sourceId, reason: `galley not downloaded: ${pdf}` });
    else await w.changes.write(rel("galley.pdf"), pdf);
  }
  const text = Object.fromEntries(
    locales.flatMap((l) => {
      const t = h.text[l];
      return t ? [[l, { title: t.title, ...(t.abstract ? { abstract: t.abstract } : {}), ...(t.keywords ? { keywords: t.keywords } : {}) }]] : [];
    }),
  );
  const { licence, ...fields } = h.article;
  return {
    id: s.articleId,
    sourceId: h.sourceId,
    ...fields,
    ...(licence && licence.name !== w.journalLicence ? { licence } : {}),
    ...(relations.length > 0 ? { relations } : {}),
    ...(h.pdfUrl ? { pdfUrl: h.pdfUrl } : {}),
    ...text,
  };
}

const tidyReference = (r: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(r).filter(([k, v]) => !(k === "authors" && Array.isArray(v) && v.length === 0) && !(k === "type" && v === "journal-article")),
  );

const FIGURE_NAME = /^[a-z0-9][a-z0-9._-]*\.(?:svg|png|jpe?g|webp)$/;

/**
 * The body with its figures downloaded into `figures/` and pointed at there; undefined (with a
 * warning) when a figure cannot be had, as a body whose figures are missing is not published.
 */
async function withLocalFigures(h: Harvested, folder: string, w: IssueWrite): Promise<string | undefined> {
  const hrefs = [...(h.body ?? "").matchAll(/<(?:graphic|inline-graphic)\b[^>]*?\sxlink:href="([^"]*)"/g)].map((m) => m[1]);
  const local = new Map<string, string>();
  for (const href of new Set(hrefs)) {
    const url = new URL(href.replace(/&amp;/g, "&"), h.landingPage ? `${h.landingPage}/` : `https://${w.sourceHost}/`);
    const name = path.basename(url.pathname).toLowerCase();
    if (!FIGURE_NAME.test(name)) {
      w.result.warnings.push({ identifier: h.sourceId, reason: `full text left out: figure ${href} is not an svg, png, jpeg or webp file` });
      return undefined;
    }
    const image = await download(url.href, {
      host: w.sourceHost,
      maxBytes: w.options.maxFigureBytes ?? 10 * 1024 * 1024,
      types: ["image/svg+xml", "image/png", "image/jpeg", "image/webp"],
      timeoutMs: w.options.client?.timeoutMs ?? 60_000,
    });
    if (typeof image === "string") {
      w.result.warnings.push({ identifier: h.sourceId, reason: `full text left out: figure ${href}: ${image}` });
      return undefined;
    }
    await w.changes.write(path.join(folder, "figures", name), image);
    local.set(href, `figures/${name}`);
  }
  return (h.body ?? "").replace(
    /(<(?:graphic|inline-graphic)\b[^>]*?\sxlink:href=")([^"]*)"/g,
    (_, head: string, href: string) => `${head}${local.get(href) ?? href}"`,
  );
}
