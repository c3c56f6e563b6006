import { statSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentProblems } from "../../tests/content-problems.ts";
import { testDatabases } from "../../tests/databases.ts";
import { DEMO_FOLDER } from "../../tests/demo-snapshot.ts";
import { copySmallCatalogue } from "../../tests/small-catalogue.ts";
import { migrateToLatest, openDatabase } from "../db/database.ts";
import { IMPORT_FORMAT, importContent, importedCommit, importIsCurrent } from "./import.ts";
import { readContentFolder } from "./read-folder.ts";

// What the tests edit and import: the small catalogue (the demo with one journal), read in a fifth of the time.
let folder: string;
beforeAll(async () => {
  folder = await copySmallCatalogue(await mkdtemp(path.join(tmpdir(), "content-")));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

async function problemsAfter(edit: () => Promise<void>, undo: () => Promise<void>) {
  await edit();
  try {
    return await contentProblems(folder);
  } finally {
    await undo();
  }
}

async function editFile(relative: string, change: (text: string) => string) {
  const file = path.join(folder, relative);
  const original = await readFile(file, "utf8");
  return problemsAfter(
    () => writeFile(file, change(original)),
    () => writeFile(file, original),
  );
}

describe("reading a content folder", () => {
  it("accepts the demo content", async () => {
    const bundle = await readContentFolder(DEMO_FOLDER);
    expect(bundle.journals.length).toBeGreaterThanOrEqual(6);
    expect(bundle.services.length).toBeGreaterThanOrEqual(8);
  });

  it("reports a missing required field with its file and field", async () => {
    const problems = await editFile("services/translation.yaml", (t) => t.replace(/^ {2}title: .*$/m, ""));
    expect(problems).toContainEqual(expect.objectContaining({ file: "services/translation.yaml", field: "en.title" }));
  });

  it("reports a misspelt field, a bad ISBN and an unknown reference", async () => {
    expect(await editFile("services/translation.yaml", (t) => t.replace("order:", "ordr:"))).toContainEqual(
      expect.objectContaining({ file: "services/translation.yaml", field: "ordr", message: "unknown key" }),
    );
    const book = (await readContentFolder(folder)).books[0];
    const bookFile = `books/${book.id}.yaml`;
    const isbn = book.printIsbn ?? book.eIsbn ?? "";
    const broken = isbn.slice(0, -1) + String((Number(isbn.at(-1)) + 1) % 10);
    expect(await editFile(bookFile, (t) => t.replace(isbn, broken))).toContainEqual(
      expect.objectContaining({ file: bookFile, message: expect.stringMatching(/ISBN/) }),
    );
    expect(await editFile(bookFile, (t) => t.replace(/publicationFormat: .*/, "publicationFormat: papyrus"))).toContainEqual(
      expect.objectContaining({ file: `books/${book.id}`, field: "publicationFormat" }),
    );
  });

  it("reports a page that no screen shows", async () => {
    const problems = await editFile("pages/about.yaml", (t) => t.replace(/^id: about$/m, "id: history"));
    expect(problems).toContainEqual(
      expect.objectContaining({ file: "pages/about.yaml", field: "id", message: expect.stringMatching(/about.*contact/) }),
    );
  });

  it("reports YAML that does not parse", async () => {
    const problems = await editFile("pages/about.yaml", (t) => `${t}\n  : : [unclosed`);
    expect(problems).toContainEqual(expect.objectContaining({ file: "pages/about.yaml", field: "(file)" }));
  });
});

for (const database of testDatabases()) {
  describe(`importing on ${database.dialect}`, () => {
    it("replaces the content in one transaction, and leaves it untouched when the import fails", async () => {
      const { db } = await database.open();
      try {
        const bundle = await readContentFolder(folder);
        await importContent(db, bundle);
        const before = await db.selectFrom("contentItemText").select(["id", "locale", "title"]).orderBy("id").orderBy("locale").execute();

        // Two books with the same Turkish slug break a unique constraint halfway through the import.
        const broken = structuredClone(bundle);
        broken.services[0].en.title = "Changed before the failure";
        broken.books[1].tr.slug = broken.books[0].tr.slug;
        await expect(importContent(db, broken)).rejects.toThrow();

        const after = await db.selectFrom("contentItemText").select(["id", "locale", "title"]).orderBy("id").orderBy("locale").execute();
        expect(after).toEqual(before);
        const books = await db
          .selectFrom("book")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow();
        expect(Number(books.n)).toBe(bundle.books.length);
      } finally {
        await db.destroy();
      }
    });

    it("records the commit it imported in its transaction: a failed import leaves the last one, a folder's import none", async () => {
      const { db } = await database.open();
      try {
        const bundle = await readContentFolder(folder);
        expect(await importedCommit(db)).toBeNull();
        const commit = "0123456789abcdef0123456789abcdef01234567";
        await importContent(db, bundle, { commit });
        expect(await importedCommit(db)).toBe(commit);
        const broken = structuredClone(bundle);
        broken.books[1].tr.slug = broken.books[0].tr.slug;
        await expect(importContent(db, broken, { commit: "fedcba9876543210fedcba9876543210fedcba98" })).rejects.toThrow();
        expect(await importedCommit(db)).toBe(commit);
        await importContent(db, bundle);
        expect(await importedCommit(db)).toBeNull();
      } finally {
        await db.destroy();
      }
    });

    it("stores rich text sanitized: a script, an event handler or a javascript: link in any Markdown field reaches no row", async () => {
      const { db } = await database.open();
      try {
        const bundle = await readContentFolder(folder);
        const hostile =
          '\n\nKept <img src=x onerror="alert(1)"> text.\n\n<script>alert(2)</script><p onclick="alert(3)">Hostile</p>\n\n[A link](javascript:alert(4))';
        const journal = bundle.journals[0];
        for (const text of [
          bundle.services[0].en,
          bundle.departments[0].en,
          journal.journal.en,
          bundle.books[0].en,
          journal.issues[0].articles[0].en,
        ] as { details?: string; description?: string; aimsScope?: string; abstract?: string }[]) {
          for (const field of ["details", "description", "aimsScope", "abstract"] as const) if (text[field] !== undefined) text[field] += hostile;
        }
        bundle.pages[0].en.body += hostile;
        bundle.calls[0].en.body += hostile;
        await importContent(db, bundle);

        const stored = await Promise.all([
          db.selectFrom("contentItemText").select("detailsHtml as html").execute(),
          db.selectFrom("page").select("bodyHtml as html").execute(),
          db.selectFrom("departmentText").select("descriptionHtml as html").execute(),
          db.selectFrom("journalText").select("descriptionHtml as html").execute(),
          db.selectFrom("journalText").select("aimsScopeHtml as html").execute(),
          db.selectFrom("articleText").select("abstractHtml as html").execute(),
          db.selectFrom("bookText").select("descriptionHtml as html").execute(),
          db.selectFrom("callForPapersText").select("bodyHtml as html").execute(),
        ]);
        // Each rich-text column holds the one text written into, its harmless parts kept and no more.
        for (const rows of stored) {
          const written = rows.filter((r) => r.html.includes("Hostile"));
          expect(written).toHaveLength(1);
          expect(written[0].html).toContain("<p>Kept  text.</p>");
          expect(written[0].html).toContain("<p>Hostile</p>");
          expect(written[0].html).toContain("<a>A link</a>");
          for (const { html } of rows) expect(html).not.toMatch(/<script|<img|onerror|onclick|javascript:/i);
        }
      } finally {
        await db.destroy();
      }
    });

    it("records its format: content an older format wrote counts as not imported, so its commit is imported again", async () => {
      const { db } = await database.open();
      try {
        expect(await importIsCurrent(db)).toBe(false);
        const commit = "0123456789abcdef0123456789abcdef01234567";
        await importContent(db, await readContentFolder(folder), { commit });
        expect(await importIsCurrent(db)).toBe(true);
        expect(await importedCommit(db)).toBe(commit);
        const recordFormat = (importFormat: number | null) => db.updateTable("contentRevision").set({ importFormat }).execute();
        // Null: imported before the format was recorded (the migration adds the column empty).
        for (const older of [null, IMPORT_FORMAT - 1]) {
          await recordFormat(older);
          expect(await importIsCurrent(db)).toBe(false);
          expect(await importedCommit(db)).toBeNull();
        }
        // A newer build's content, while a process of this one still runs beside it, is left to the newer.
        await recordFormat(IMPORT_FORMAT + 1);
        expect(await importIsCurrent(db)).toBe(true);
        expect(await importedCommit(db)).toBe(commit);
      } finally {
        await db.destroy();
      }
    });
  });
}

describe("importing into a SQLite file", () => {
  it("leaves no WAL behind, though a web process keeps the file open, and tells how long it held the write lock", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "import-wal-"));
    const file = path.join(dir, "content.db");
    const web = openDatabase(file).db;
    const { db } = openDatabase(file);
    try {
      await migrateToLatest(db);
      // The web process reads (its snapshot must not keep the WAL from being truncated).
      await web.selectFrom("journal").select("id").execute();
      const locked: number[] = [];
      const bundle = await readContentFolder(folder);
      await importContent(db, bundle, { onCommitted: (ms) => locked.push(ms) });
      expect(locked).toHaveLength(1);
      expect(locked[0]).toBeGreaterThan(0);
      expect(statSync(`${file}-wal`).size).toBe(0);
      expect(await web.selectFrom("journal").select("id").execute()).toHaveLength(bundle.journals.length);
    } finally {
      await db.destroy();
      await web.destroy();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
