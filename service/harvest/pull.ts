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
 *
 * A record new to the folder is first matched to an article already there, by DOI, then by title
 * and authors, so the first pull over a journal typed by hand updates its articles instead of
 * copying them. Each source has a time and a request budget, and a list that cannot be complete
 * fails its journal (oai-client.ts): nothing of it is written and its starting day stays. What a
 * killed pull left in `.harvest/` is cleared at the next start, the files it wrote put back
 * (files.ts). Decision 042.
 */
import { appendFile, mkdir, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { locales } from "../../i18n/locales.ts";
import { LINK_MESSAGE, symbolicLinksUnder } from "../content/confined.ts";
import { ContentError, readContentFolder } from "../content/read-folder.ts";
import { type ArticleFile, type JournalFile, SLUG, statusAfter } from "../content/schema.ts";
import { processRunning } from "../process-running.ts";
import { FileChanges, undoLeftover } from "./files.ts";
import { type Harvested, type HarvestedRelation, RecordRejected, slugOf } from "./harvested.ts";
import { mapDublinCore } from "./map-dublin-core.ts";
import { mapJats } from "./map-jats.ts";
import { type ClientOptions, HarvestError, type ListItem, OaiClient } from "./oai-client.ts";
import { journalsWithSource, readState, saveState, stateDir } from "./state.ts";
import { type IssueOnDisk, readIssues, type Staged, writeIssue } from "./write-issue.ts";

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

export async function pullContent(options: PullOptions): Promise<PullResult> {
  const { root } = options;
  const log = options.log ?? (() => {});
  // Nothing is written through a symbolic link (../content/confined.ts): a folder holding one is not pulled into.
  const links = await symbolicLinksUnder(root);
  if (links.length > 0) return { journals: [], files: 0, problems: links.map((link) => `${link}: ${LINK_MESSAGE}`), ok: false };
  await clearLeftovers(root, log);
  const journals = await journalsWithSource(root, options.journalId);
  const undoDir = path.join(stateDir(root), `undo-${process.pid}`);
  active.add(undoDir);
  const changes = new FileChanges(undoDir);
  const results: JournalPull[] = [];
  let problems: string[] = [];
  let files = 0;
  try {
    for (const journal of journals) results.push(await pullJournal(journal, options, changes, log));
    if (changes.count > 0) {
      log(`checking the folder (${changes.count} files written)…`);
      try {
        await readContentFolder(root);
      } catch (error) {
        if (!(error instanceof ContentError)) throw error;
        problems = error.message.split("\n");
      }
    }
    files = problems.length === 0 ? changes.count : 0;
    await (problems.length === 0 ? changes.keep() : changes.undo());
  } catch (error) {
    // Not the source's failure (that is reported per journal) but this machine's: nothing half-written stays.
    // (Should the undo itself fail, its folder stays, and the next pull undoes it.)
    await changes.undo();
    throw error;
  } finally {
    active.delete(undoDir);
  }
  const ok = problems.length === 0 && results.every((r) => !r.error);
  // The state moves on only for a pull whose files stayed.
  for (const result of results) await saveState(root, result, problems.length === 0 && !result.error);
  return { journals: results, files, problems, ok };
}

/** This process's pulls under way: their folders in `.harvest/` are not leftovers. */
const active = new Set<string>();

/**
 * What pulls that did not finish (killed, or their machine stopped) left in `.harvest/`: work
 * folders removed, and the files written put back from the undo folder. A folder is named by its
 * process; it is a leftover when that process is gone, or is this one but none of this process's
 * pulls uses it (a restarted container's process often gets the same pid).
 */
async function clearLeftovers(root: string, log: (line: string) => void) {
  for (const name of await readdir(stateDir(root)).catch(() => [] as string[])) {
    const match = /^(work-.+|undo)-(\d+)$/.exec(name);
    if (!match) continue;
    const dir = path.join(stateDir(root), name);
    const pid = Number(match[2]);
    if (active.has(dir) || (pid !== process.pid && processRunning(pid))) continue;
    if (match[1] === "undo") {
      const undone = await undoLeftover(dir, pid);
      log(`a pull that did not finish (process ${pid}) wrote ${undone} file(s): put back as they were`);
    } else {
      await rm(dir, { recursive: true, force: true });
      log(`removed ${name}, left by a pull that did not finish (process ${pid})`);
    }
  }
}

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
  active.add(work);
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
    const state = await readState(options.root, journal.id);
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
        timeLeft: () => client.timeLeft(),
      });
    }
  } catch (error) {
    if (!(error instanceof HarvestError)) throw error;
    result.error = error.message;
    log(`${journal.id}: failed: ${error.message}`);
  } finally {
    await rm(work, { recursive: true, force: true });
    active.delete(work);
    result.ms = Date.now() - started;
  }
  return result;
}

/** A response date at the repository's granularity (a day, or the full UTC time). */
const cut = (date: string | undefined, granularity: "day" | "seconds") => (date && granularity === "day" ? date.slice(0, 10) : date);

/**
 * A work as a title and its authors say it, whatever the typing: the title's words (slugOf: case,
 * punctuation, dashes and Turkish letters aside) and the authors' family names, in any order.
 */
const workOf = (title: string, authors: { family: string }[]) =>
  `${slugOf(title, Number.POSITIVE_INFINITY)}|${authors
    .map((a) => slugOf(a.family))
    .sort()
    .join(",")}`;

/**
 * What the pull knows of the journal's articles: where each source record's article is, ids taken,
 * DOIs, works (title and authors, in each language) and issues by volume and number.
 */
function indexOf(issues: Map<string, IssueOnDisk>) {
  const bySource = new Map<string, string>();
  const byDoi = new Map<string, string>();
  const byWork = new Map<string, string>();
  const taken = new Set<string>();
  const issueByNumber = new Map<string, string>();
  const keys = new Set<string>();
  for (const [issueId, { data }] of issues) {
    issueByNumber.set(`${data.volume}/${data.number}`, issueId);
    for (const article of data.articles) {
      const key = `${issueId}/${article.id}`;
      keys.add(key);
      taken.add(article.id);
      if (article.sourceId) bySource.set(article.sourceId, key);
      if (article.doi) byDoi.set(article.doi.toLowerCase(), key);
      for (const locale of locales) if (article[locale]?.title) byWork.set(workOf(article[locale].title, article.authors), key);
    }
  }
  const claimed = new Set(bySource.values());
  return {
    bySource,
    byDoi,
    taken,
    issueByNumber,
    keys,
    /**
     * The article a record new to this folder already is, typed by hand before the journal was
     * harvested (or harvested from a source it has left): by DOI, which names one work; else by a
     * title and authors, when no other record of the source has that article.
     */
    existing(h: Harvested): string | undefined {
      const byDoiKey = h.article.doi && byDoi.get(h.article.doi.toLowerCase());
      if (byDoiKey) return byDoiKey;
      for (const locale of locales) {
        const title = h.text[locale]?.title;
        const key = title && h.article.authors && byWork.get(workOf(title, h.article.authors));
        if (key && !claimed.has(key)) return key;
      }
      return undefined;
    },
    /** Binds a record to its article. */
    bind(identifier: string, key: string) {
      bySource.set(identifier, key);
      claimed.add(key);
      keys.add(key);
    },
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
  let key = known;
  try {
    if (!item.metadata) throw new RecordRejected("no metadata");
    harvested = isJats ? mapJats(item.metadata, item.identifier) : mapDublinCore(item.metadata, item.identifier);
    if (!locales.some((l) => harvested.text[l]?.abstract)) throw new RecordRejected("no abstract in English or Turkish");
    if (!harvested.article.authors) throw new RecordRejected("no author");
    key ??= index.existing(harvested);
    if (!key && (harvested.issue.volume === undefined || harvested.issue.number === undefined)) {
      throw new RecordRejected("no volume and issue number");
    }
  } catch (error) {
    if (!(error instanceof RecordRejected)) throw error;
    return reject(error.message);
  }
  if (key && !known) index.bind(item.identifier, key);
  if (!key) {
    const issueId =
      index.issueByNumber.get(`${harvested.issue.volume}/${harvested.issue.number}`) ?? `v${harvested.issue.volume}-n${harvested.issue.number}`;
    index.issueByNumber.set(`${harvested.issue.volume}/${harvested.issue.number}`, issueId);
    const title = harvested.text.en?.title ?? harvested.text.tr?.title ?? "";
    const wanted =
      harvested.preferredId && SLUG.test(harvested.preferredId) && /[a-z]/.test(harvested.preferredId)
        ? harvested.preferredId
        : slugOf(title) || "article";
    let articleId = wanted;
    for (let n = 2; index.taken.has(articleId); n++) articleId = `${wanted}-${n}`;
    index.taken.add(articleId);
    key = `${issueId}/${articleId}`;
    index.bind(item.identifier, key);
  }
  if (harvested.article.doi) index.byDoi.set(harvested.article.doi.toLowerCase(), key);
  const [issueId, articleId] = key.split("/");
  return { issueId, articleId, harvested };
}
