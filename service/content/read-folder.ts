/**
 * Reads a content folder (layout in content/README.md), validates every file with its zod
 * schema and checks the references between files, that covers name images the folder holds and
 * that ids and slugs are unique. Nothing is written here: the importer only runs when this
 * returns no problem.
 */
import { access, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import type { z } from "zod";
import { duplicates } from "./duplicates.ts";
import {
  type BoardFile,
  type BookFile,
  boardFile,
  bookFile,
  type ContentItemFile,
  contentItemFile,
  type DepartmentFile,
  departmentFile,
  type IssueFile,
  issueFile,
  type JournalFile,
  journalFile,
  type PageFile,
  pageFile,
  type ReferenceFile,
  referenceFile,
} from "./schema.ts";

export interface JournalBundle {
  journal: JournalFile;
  board: BoardFile;
  issues: IssueFile[];
}

export interface ContentBundle {
  reference: ReferenceFile;
  services: ContentItemFile[];
  policies: ContentItemFile[];
  pages: PageFile[];
  departments: DepartmentFile[];
  journals: JournalBundle[];
  books: BookFile[];
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

/** Reads a content folder; throws ContentError listing every problem found. */
export async function readContentFolder(root: string): Promise<ContentBundle> {
  const problems: ContentProblem[] = [];
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
        problems.push({ file: rel(file), field: issue.path.join(".") || "(root)", message: issue.message });
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

  const journals: JournalBundle[] = [];
  for (const dir of await listDirs(path.join(root, "journals"))) {
    const journal = await load(path.join(dir, "journal.yaml"), journalFile);
    const board = await load(path.join(dir, "board.yaml"), boardFile);
    const issues = (await Promise.all((await listYaml(path.join(dir, "issues"))).map((f) => load(f, issueFile)))).filter(
      (i): i is IssueFile => i !== undefined,
    );
    if (journal && board) journals.push({ journal, board, issues });
  }

  // The site serves a cover from the folder's images (IMAGE_DIR, or IMAGE_HOST holding the same
  // files): one that names no file there would be a broken image on every page that shows it.
  for (const item of [...journals.map((j) => j.journal), ...books]) {
    if (item.cover && !(await exists(path.join(root, "images", item.cover)))) {
      problems.push({ file: fileOf(item), field: "cover", message: `images/${item.cover} is missing` });
    }
  }

  if (!reference) throw new ContentError(problems);
  const bundle: ContentBundle = { reference, services, policies, pages, departments, journals, books };
  problems.push(...crossCheck(bundle), ...duplicates(bundle, fileOf));
  if (problems.length > 0) throw new ContentError(problems);
  return bundle;
}

/** References between files: ids that name something the reference file or the folder defines. */
function crossCheck(bundle: ContentBundle): ContentProblem[] {
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
  for (const { journal, board } of bundle.journals) {
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
  }
  for (const book of bundle.books) {
    const file = `books/${book.id}`;
    book.categories.forEach((c, i) => {
      expect(categories.has(c), file, `categories.${i}`, `unknown category ${c}`);
    });
    expect(formats.has(book.publicationFormat), file, "publicationFormat", "unknown publication format");
  }
  return problems;
}
