/**
 * Reads a content folder (layout in content/README.md), validates every file with its zod
 * schema and checks the references between files, that covers name images the folder holds and
 * that ids and slugs are unique. Nothing is written here: the importer only runs when this
 * returns no problem.
 */
import { access, readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { parse as parseYaml } from "yaml";
import type { z } from "zod";
import { LINK_MESSAGE, symbolicLinksUnder } from "./confined.ts";
import { duplicates } from "./duplicates.ts";
import { type FullText, renderFullText } from "./full-text.ts";
import {
  type BoardFile,
  type BookFile,
  boardFile,
  bookFile,
  type CallFile,
  type ContentItemFile,
  callFile,
  contentItemFile,
  type DepartmentFile,
  departmentFile,
  type IssueFile,
  issueFile,
  type JournalFile,
  journalFile,
  type PageFile,
  pageFile,
  type ReferenceEntry,
  type ReferenceFile,
  referenceFile,
  referencesFile,
  statusAfter,
} from "./schema.ts";

/** A galley file in an article's folder: `file` is its path under the content folder. */
export interface Galley {
  kind: "pdf" | "epub";
  file: string;
  bytes: number;
}

/** What an article's folder (`journals/{id}/articles/{article id}/`) holds, read and rendered. */
export interface ArticleFiles {
  references: ReferenceEntry[];
  fullText: FullText | null;
  galleys: Galley[];
}

export interface JournalBundle {
  journal: JournalFile;
  board: BoardFile;
  issues: IssueFile[];
  /** By article id: an article without a folder has no full text, references or galleys. */
  articleFiles: Map<string, ArticleFiles>;
}

export interface ContentBundle {
  reference: ReferenceFile;
  services: ContentItemFile[];
  policies: ContentItemFile[];
  pages: PageFile[];
  departments: DepartmentFile[];
  journals: JournalBundle[];
  books: BookFile[];
  calls: CallFile[];
  /** What is accepted for now but should change (a field no longer read), for the commands to print. */
  notices: ContentProblem[];
}

/** One thing wrong with one file: where, which field, what. */
export interface ContentProblem {
  file: string;
  field: string;
  message: string;
}

export class ContentError extends Error {
  readonly problems: ContentProblem[];
  constructor(problems: ContentProblem[]) {
    super(problems.map((p) => `${p.file}: ${p.field}: ${p.message}`).join("\n"));
    this.name = "ContentError";
    this.problems = problems;
  }
}

async function listYaml(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile() && /\.ya?ml$/.test(e.name))
    .map((e) => path.join(dir, e.name))
    .sort();
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

async function listDirs(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isDirectory())
    .map((e) => path.join(dir, e.name))
    .sort();
}

/** An article's `views` were typed until usage was counted (service/usage/); files that still carry them import, for one release. */
const VIEWS_NOTICE = "no longer read (views are counted now, docs/decisions/036-counted-usage.md): remove it; the next release refuses it";

/**
 * Reads a content folder; throws ContentError listing every problem found. A folder holding a
 * symbolic link anywhere is refused before any of its files is read (./confined.ts).
 */
export async function readContentFolder(root: string): Promise<ContentBundle> {
  const links = await symbolicLinksUnder(root);
  if (links.length > 0) throw new ContentError(links.map((file) => ({ file, field: "(file)", message: LINK_MESSAGE })));
  const problems: ContentProblem[] = [];
  const notices: ContentProblem[] = [];
  const rel = (file: string) => path.relative(root, file) || file;
  // The file each item was read from, so that a later check names it (not the item's id).
  const files = new WeakMap<object, string>();
  // Every item checked below was read by `load`, which recorded its file.
  const fileOf = (item: object) => files.get(item) as string;

  async function load<T extends z.ZodType<object>>(file: string, schema: T): Promise<z.infer<T> | undefined> {
    let raw: unknown;
    try {
      raw = parseYaml(await readFile(file, "utf8"));
    } catch (error) {
      const message = (error as NodeJS.ErrnoException).code === "ENOENT" ? "file is missing" : (error as Error).message;
      problems.push({ file: rel(file), field: "(file)", message });
      return undefined;
    }
    const result = schema.safeParse(raw);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const at = issue.path.join(".");
        // A key the schema does not know is named as the field it would be: `path.to.field: unknown key`.
        if (issue.code === "unrecognized_keys") {
          for (const key of issue.keys) problems.push({ file: rel(file), field: at ? `${at}.${key}` : key, message: "unknown key" });
        } else problems.push({ file: rel(file), field: at || "(root)", message: issue.message });
      }
      return undefined;
    }
    files.set(result.data, rel(file));
    return result.data;
  }

  async function loadAll<T extends z.ZodType<object>>(dir: string, schema: T): Promise<z.infer<T>[]> {
    const items: (z.infer<T> | undefined)[] = await Promise.all((await listYaml(path.join(root, dir))).map((f) => load(f, schema)));
    return items.filter((item) => item !== undefined);
  }

  const reference = await load(path.join(root, "reference.yaml"), referenceFile);
  const services = await loadAll("services", contentItemFile);
  const policies = await loadAll("policies", contentItemFile);
  const pages = await loadAll("pages", pageFile);
  const departments = await loadAll("departments", departmentFile);
  const books = await loadAll("books", bookFile);
  const calls = await loadAll("calls", callFile);

  const journals: JournalBundle[] = [];
  for (const dir of await listDirs(path.join(root, "journals"))) {
    const journal = await load(path.join(dir, "journal.yaml"), journalFile);
    const board = await load(path.join(dir, "board.yaml"), boardFile);
    const issueFiles = await Promise.all((await listYaml(path.join(dir, "issues"))).map((f) => load(f, issueFile)));
    const issues = issueFiles.filter((i): i is IssueFile => i !== undefined);
    for (const issue of issues) {
      for (const [index, article] of issue.articles.entries()) {
        if (article.views !== undefined) notices.push({ file: fileOf(issue), field: `articles.${index}.views`, message: VIEWS_NOTICE });
      }
    }
    const articleFiles = new Map<string, ArticleFiles>();
    for (const issue of issues) {
      for (const article of issue.articles) {
        const files = await readArticleFolder(path.join(dir, "articles", article.id), article.language);
        if (files) articleFiles.set(article.id, files);
      }
    }
    // An issue file with problems of its own names no article: its folders are not reported as orphans.
    for (const folder of issueFiles.length === issues.length ? await listDirs(path.join(dir, "articles")) : []) {
      const id = path.basename(folder);
      if (!issues.some((issue) => issue.articles.some((article) => article.id === id))) {
        problems.push({ file: rel(folder), field: "(folder)", message: `no article ${id} in this journal's issues` });
      }
    }
    if (journal && board) journals.push({ journal, board, issues, articleFiles });
  }

  // The site serves covers and photographs from the folder's images (IMAGE_DIR, or IMAGE_HOST holding
  // the same files): one that names no file there would be a broken image on every page that shows it.
  for (const item of [...journals.map((j) => j.journal), ...books]) {
    if (item.cover && !(await exists(path.join(root, "images", item.cover)))) {
      problems.push({ file: fileOf(item), field: "cover", message: `images/${item.cover} is missing` });
    }
  }
  for (const item of [...pages, ...departments]) {
    if (item.image && !(await exists(path.join(root, "images", item.image.file)))) {
      problems.push({ file: fileOf(item), field: "image.file", message: `images/${item.image.file} is missing` });
    }
  }

  /** Reads an article's folder, if it has one, reporting what is wrong with it. */
  async function readArticleFolder(folder: string, language: "en" | "tr"): Promise<ArticleFiles | undefined> {
    if (!(await exists(folder))) return undefined;
    const referencesPath = path.join(folder, "references.yaml");
    const loaded = (await exists(referencesPath)) ? await load(referencesPath, referencesFile) : [];
    const references = loaded ?? [];
    const source = await readFile(path.join(folder, "full-text.md"), "utf8").then(
      (markdown) => ({ markdown }),
      () =>
        readFile(path.join(folder, "full-text.xml"), "utf8").then(
          (jats) => ({ jats }),
          () => undefined,
        ),
    );
    const articleId = path.basename(folder);
    const sizes = new Map<string, { width: number; height: number }>();
    for (const file of await readdir(path.join(folder, "figures")).catch(() => [])) {
      const { width, height } = await sharp(path.join(folder, "figures", file))
        .metadata()
        .catch(() => ({ width: undefined, height: undefined }));
      if (width && height) sizes.set(`figures/${file}`, { width, height });
    }
    const fullText = source
      ? renderFullText({
          source,
          language,
          referenceIds: references.map((r) => r.id),
          // Relative to the article's page (…/articles/{issue}/{article id}), in both locales.
          figureUrl: (file: string) => `${articleId}/${file}`,
          figureSize: (file: string) => sizes.get(file),
        })
      : null;
    if (fullText) {
      const file = rel(path.join(folder, "markdown" in (source ?? {}) ? "full-text.md" : "full-text.xml"));
      // Citations are checked against a reference list that reads (its own problems are reported already).
      if (loaded) for (const message of fullText.problems) problems.push({ file, field: "(body)", message });
      for (const figure of fullText.figures) {
        if (!/^figures\/[a-z0-9][a-z0-9._-]*\.(?:svg|png|jpe?g|webp)$/.test(figure) || !(await exists(path.join(folder, figure)))) {
          problems.push({ file, field: "(body)", message: `figure ${figure} is not a file under figures/` });
        }
      }
    }
    const galleys: Galley[] = [];
    for (const kind of ["pdf", "epub"] as const) {
      const file = path.join(folder, `galley.${kind}`);
      const size = await stat(file).then(
        (s) => s.size,
        () => undefined,
      );
      if (size !== undefined) galleys.push({ kind, file: path.relative(root, file), bytes: size });
    }
    return { references, fullText, galleys };
  }

  if (!reference) throw new ContentError(problems);
  const bundle: ContentBundle = { reference, services, policies, pages, departments, journals, books, calls, notices };
  problems.push(...crossCheck(bundle, fileOf), ...duplicates(bundle, fileOf));
  if (problems.length > 0) throw new ContentError(problems);
  return bundle;
}

/** References between files: ids that name something the reference file or the folder defines. */
function crossCheck(bundle: ContentBundle, fileOf: (item: object) => string): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const ref = bundle.reference;
  const known = (list: { id: string }[]) => new Set(list.map((x) => x.id));
  const categories = known(ref.categories);
  const formats = known(ref.publicationFormats);
  const reviewTypes = known(ref.reviewTypes);
  const metricTypes = known(ref.metricTypes);
  const indexes = known(ref.indexes);
  const systems = known(ref.journalSystems);
  const positions = known(ref.teamPositions);

  const expect = (ok: boolean, file: string, field: string, message: string) => {
    if (!ok) problems.push({ file, field, message });
  };
  for (const { journal, board, issues } of bundle.journals) {
    const file = `journals/${journal.id}`;
    journal.categories.forEach((c, i) => {
      expect(categories.has(c), file, `categories.${i}`, `unknown category ${c}`);
    });
    journal.indexes.forEach((x, i) => {
      expect(indexes.has(x), file, `indexes.${i}`, `unknown index ${x}`);
    });
    journal.metrics.forEach((m, i) => {
      expect(metricTypes.has(m.type), file, `metrics.${i}.type`, `unknown metric type ${m.type}`);
    });
    expect(formats.has(journal.publicationFormat), file, "publicationFormat", "unknown publication format");
    expect(reviewTypes.has(journal.reviewType), file, "reviewType", "unknown review type");
    expect(systems.has(journal.journalSystem), file, "journalSystem", "unknown journal system");
    board.members.forEach((m, i) => {
      expect(positions.has(m.position), `${file}/board`, `members.${i}.position`, `unknown position ${m.position}`);
    });
    problems.push(...relationProblems(issues, fileOf));
  }
  for (const book of bundle.books) {
    const file = `books/${book.id}`;
    book.categories.forEach((c, i) => {
      expect(categories.has(c), file, `categories.${i}`, `unknown category ${c}`);
    });
    expect(formats.has(book.publicationFormat), file, "publicationFormat", "unknown publication format");
  }
  const journalIds = new Set(bundle.journals.map((j) => j.journal.id));
  for (const call of bundle.calls) {
    const file = fileOf(call);
    expect(journalIds.has(call.journal), file, "journal", `unknown journal ${call.journal}: no journals/*/journal.yaml has this id`);
    if (Boolean(call.en.specialTitle) !== Boolean(call.tr.specialTitle)) {
      problems.push({
        file,
        field: `${call.en.specialTitle ? "tr" : "en"}.specialTitle`,
        message: "a special issue's title is given in both locales or in neither",
      });
    }
  }
  return problems;
}

/** A notice names a work of its journal, and that work's status says what the notice did to it. */
function relationProblems(issues: IssueFile[], fileOf: (item: object) => string): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const byKey = new Map<string, IssueFile["articles"][number]>(
    issues.flatMap((issue) => issue.articles.map((article) => [`${issue.id}/${article.id}`, article] as const)),
  );
  for (const issue of issues) {
    issue.articles.forEach((article, i) => {
      article.relations.forEach((relation, r) => {
        if (!("article" in relation)) return;
        const field = `articles.${i}.relations.${r}.article`;
        const target = byKey.get(relation.article);
        if (!target) {
          problems.push({ file: fileOf(issue), field, message: `no article ${relation.article} in this journal` });
        } else if (target.status !== statusAfter[relation.type]) {
          problems.push({
            file: fileOf(issue),
            field,
            message: `${relation.article} must have status ${statusAfter[relation.type]}, not ${target.status}`,
          });
        }
      });
    });
  }
  return problems;
}
