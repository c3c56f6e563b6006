/**
 * The second half of a journal's pull: each issue file the staged records go to is merged with
 * what the editor wrote (merge.ts), its articles' folders written (references, the JATS body with
 * its figures, the galley), and the file written only when its data changed.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { parse as parseYaml, stringify } from "yaml";
import { type Locale, locales } from "../../i18n/locales.ts";
import { type ArticleFile, articleEntry, type IssueFile, issueFile } from "../content/schema.ts";
import { type DownloadRules, download } from "./download.ts";
import type { FileChanges } from "./files.ts";
import type { Harvested, HarvestedRelation } from "./harvested.ts";
import { keepPublisherFields } from "./merge.ts";
import { defaultClientOptions } from "./oai-client.ts";
import type { JournalPull, PullOptions } from "./pull.ts";

/** An existing issue file, read for the index and again when merged. */
export interface IssueOnDisk {
  file: string;
  data: IssueFile;
}

export async function readIssues(dir: string): Promise<Map<string, IssueOnDisk>> {
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
export interface Staged {
  issueId: string;
  articleId: string;
  harvested?: Harvested;
  /** A deleted record of an article the folder has. */
  withdrawn?: true;
}

export interface IssueWrite {
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
  /** What is left of the source's time budget (oai-client.ts), which its galleys and figures spend too. */
  timeLeft: () => number;
}

/** The fields of an article in the order its file shows them: the schema's. */
const fieldOrder = Object.keys(articleEntry.shape);

/** The article as its file writes it: fields in order, defaults left out. */
function tidy(article: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of fieldOrder) {
    const value = article[key];
    if (value === undefined || (Array.isArray(value) && value.length === 0 && key !== "authors")) continue;
    if (key === "status" && value === "published") continue;
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

export async function writeIssue(issueId: string, w: IssueWrite) {
  const { existing, result, changes } = w;
  const lines = await readFile(path.join(w.work, `${issueId}.jsonl`), "utf8").catch(() => "");
  // The last record of an article wins (a list started again sends records twice).
  const staged = new Map<string, Staged>();
  for (const line of lines.split("\n").filter(Boolean)) {
    const s = JSON.parse(line) as Staged;
    staged.set(s.articleId, s);
  }
  const articles = new Map<string, Record<string, unknown>>((existing?.data.articles ?? []).map((a) => [a.id, { ...a }]));
  // As read (readIssues parsed them), to tell what a pull changed.
  const before = new Map([...articles].map(([id, a]) => [id, JSON.stringify(a)]));
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
    const parsed = articleEntry.safeParse(article);
    const now = parsed.success ? JSON.stringify(parsed.data) : undefined;
    if (!was) result.added++;
    else if (was !== now) {
      if (!staged.get(article.id as string)?.withdrawn) result.updated++;
    } else result.unchanged++;
  }
  const data = { ...issue, articles: order.filter((a) => a !== undefined).map(tidy) };
  const file = existing?.file ?? path.join(w.journalDir, "issues", `${issueId}.yaml`);
  if (existing && sameData(existing.data, issueFile.safeParse(data).data)) return;
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
      maxBytes: w.options.maxGalleyBytes ?? 50 * 1024 * 1024,
      types: ["application/pdf", "application/octet-stream"],
      magic: "%PDF-",
    };
    let pdf = await fromSource(h.pdfUrl, rules, w);
    // OJS links a galley's page (…/article/view/…); its file is at …/article/download/….
    if (typeof pdf === "string" && h.pdfUrl.includes("/article/view/"))
      pdf = await fromSource(h.pdfUrl.replace("/article/view/", "/article/download/"), rules, w);
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

/** A file from the source's host, within a request's timeout and what is left of the source's time budget. */
function fromSource(url: string, rules: Omit<DownloadRules, "host" | "timeoutMs">, w: IssueWrite): Promise<Uint8Array | string> {
  const left = w.timeLeft();
  if (left === 0) return Promise.resolve("this source's time budget is spent");
  const { timeoutMs } = { ...defaultClientOptions, ...w.options.client };
  return download(url, { ...rules, host: w.sourceHost, timeoutMs: Math.min(timeoutMs, left) });
}

const tidyReference = (r: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(r).filter(([k, v]) => !(k === "authors" && Array.isArray(v) && v.length === 0) && !(k === "type" && v === "journal-article")),
  );

const FIGURE_NAME = /^[a-z0-9][a-z0-9._-]*\.(?:svg|png|jpe?g|webp)$/;
/** An image's reference in a JATS body: the element up to its href, and the href. */
const GRAPHIC_HREF = /(<(?:graphic|inline-graphic)\b[^>]*?\sxlink:href=")([^"]*)"/g;

/**
 * The body with its figures downloaded into `figures/` and pointed at there; undefined (with a
 * warning) when a figure cannot be had, as a body whose figures are missing is not published.
 */
async function withLocalFigures(h: Harvested, folder: string, w: IssueWrite): Promise<string | undefined> {
  const hrefs = [...(h.body ?? "").matchAll(GRAPHIC_HREF)].map((m) => m[2]);
  const local = new Map<string, string>();
  for (const href of new Set(hrefs)) {
    const url = new URL(href.replace(/&amp;/g, "&"), h.landingPage ? `${h.landingPage}/` : `https://${w.sourceHost}/`);
    const name = path.basename(url.pathname).toLowerCase();
    if (!FIGURE_NAME.test(name)) {
      w.result.warnings.push({ identifier: h.sourceId, reason: `full text left out: figure ${href} is not an svg, png, jpeg or webp file` });
      return undefined;
    }
    const image = await fromSource(
      url.href,
      { maxBytes: w.options.maxFigureBytes ?? 10 * 1024 * 1024, types: ["image/svg+xml", "image/png", "image/jpeg", "image/webp"] },
      w,
    );
    if (typeof image === "string") {
      w.result.warnings.push({ identifier: h.sourceId, reason: `full text left out: figure ${href}: ${image}` });
      return undefined;
    }
    await w.changes.write(path.join(folder, "figures", name), image);
    local.set(href, `figures/${name}`);
  }
  return (h.body ?? "").replace(GRAPHIC_HREF, (_, head: string, href: string) => `${head}${local.get(href) ?? href}"`);
}
