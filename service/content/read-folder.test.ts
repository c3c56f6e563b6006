/**
 * What reading a folder reports beyond each file's schema: covers and photographs that name no image, ids
 * and slugs given twice, reported in the file that repeats them, and calls for papers of no journal.
 */

import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentProblems } from "../../tests/content-problems.ts";
import { copySmallCatalogue } from "../../tests/small-catalogue.ts";
import { ContentError, type ContentProblem, readContentFolder } from "./read-folder.ts";

// The small catalogue (the demo with one journal): every kind of file, read in a fifth of the time.
let folder: string;
beforeAll(async () => {
  folder = await copySmallCatalogue(await mkdtemp(path.join(tmpdir(), "content-")));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

const read = (file: string) => readFile(path.join(folder, file), "utf8");

/** The problems of the small catalogue with these files written (new or changed), which are then put back. */
async function problemsWith(files: Record<string, string>): Promise<ContentProblem[]> {
  const originals = await Promise.all(Object.keys(files).map((file) => read(file).catch(() => undefined)));
  await Promise.all(
    Object.entries(files).map(async ([file, text]) => {
      await mkdir(path.dirname(path.join(folder, file)), { recursive: true });
      await writeFile(path.join(folder, file), text);
    }),
  );
  try {
    return await contentProblems(folder);
  } finally {
    await Promise.all(
      Object.keys(files).map((file, i) => {
        const original = originals[i];
        return original === undefined ? rm(path.join(folder, file)) : writeFile(path.join(folder, file), original);
      }),
    );
  }
}

/** A content file with a cover (the demo's have none: theirs are designed, decision 029). */
const withCover = (text: string, cover: string) => text.replace(/^id: .*$/m, `$&\ncover: ${cover}`);

describe("a cover", () => {
  it("that names no file in the folder's images is a problem of its file", async () => {
    const book = "books/merchants-of-the-levant.yaml";
    const journal = "journals/journal-of-social-inquiry/journal.yaml";
    const problems = await problemsWith({
      [book]: withCover(await read(book), "covers/books/no-such-book.svg"),
      [journal]: withCover(await read(journal), "covers/journals/no-such-journal.png"),
    });
    expect(problems).toEqual([
      { file: journal, field: "cover", message: "images/covers/journals/no-such-journal.png is missing" },
      { file: book, field: "cover", message: "images/covers/books/no-such-book.svg is missing" },
    ]);
  });

  it("whose path the image optimizer would refuse is a problem, though the file is there", async () => {
    const book = "books/merchants-of-the-levant.yaml";
    const text = await read(book);
    const image = { "images/covers/books/merchants-of-the-levant.svg": '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="600"/>' };
    for (const cover of ["/covers/books/merchants-of-the-levant.svg", "covers//books/merchants-of-the-levant.svg"]) {
      expect(await problemsWith({ ...image, [book]: withCover(text, cover) })).toEqual([
        { file: book, field: "cover", message: "a path under images/ such as covers/books/{id}.svg" },
      ]);
    }
  });
});

describe("a photograph", () => {
  const department = "departments/journal-operations.yaml";
  /** The department's file with its image's `alt` block replaced by these lines (none: left out). */
  const withAlt = async (...lines: string[]) =>
    (await read(department)).replace(/^ {2}alt:\n(?: {4}.*\n)+/m, lines.length ? `  alt:\n${lines.map((l) => `    ${l}\n`).join("")}` : "");

  it("without its text alternatives, or with one locale's only, is refused", async () => {
    expect(await problemsWith({ [department]: await withAlt() })).toEqual([
      { file: department, field: "image.alt", message: expect.stringMatching(/expected object/) },
    ]);
    expect(await problemsWith({ [department]: await withAlt("en: A narrow path through a spruce forest") })).toEqual([
      { file: department, field: "image.alt.tr", message: expect.stringMatching(/expected string/) },
    ]);
  });

  it("that only decorates says so with empty text alternatives", async () => {
    expect(await problemsWith({ [department]: await withAlt('en: ""', 'tr: ""') })).toEqual([]);
  });

  it("that names no file in the folder's images is a problem of its file", async () => {
    const text = (await read(department)).replace("photos/forest-path.jpg", "photos/no-such-photo.jpg");
    expect(await problemsWith({ [department]: text })).toEqual([
      { file: department, field: "image.file", message: "images/photos/no-such-photo.jpg is missing" },
    ]);
  });
});

describe("an id or a slug given twice", () => {
  it("is reported in the copy, which names the file it repeats, wherever the copy's name sorts", async () => {
    const original = "books/merchants-of-the-levant.yaml";
    const text = await read(original);
    for (const copy of ["books/merchants-of-the-levant-copy.yaml", "books/a-copy.yaml", "books/zz.yaml"]) {
      expect(await problemsWith({ [copy]: text })).toEqual([
        { file: copy, field: "id", message: `duplicate id merchants-of-the-levant (first in ${original})` },
        { file: copy, field: "en.slug", message: `duplicate en slug merchants-of-the-levant (first in ${original})` },
        { file: copy, field: "tr.slug", message: `duplicate tr slug levant-tuccarlari (first in ${original})` },
      ]);
    }
  });

  it("is reported so for every kind of file", async () => {
    const journal = "journals/journal-of-social-inquiry";
    const service = await read("services/translation.yaml");
    const problems = await problemsWith({
      "services/translation-2.yaml": service,
      "policies/translation.yaml": service,
      "departments/finance-copy.yaml": await read("departments/finance.yaml"),
      "pages/about-copy.yaml": await read("pages/about.yaml"),
      [`${journal}/issues/v13-n2-copy.yaml`]: await read(`${journal}/issues/v13-n2.yaml`),
      "reference.yaml": (await read("reference.yaml")).replace("{ id: education,", "{ id: social-sciences,"),
    });
    const where = problems.map((p) => `${p.file}: ${p.field}: ${p.message}`);
    expect(where).toContain("services/translation-2.yaml: id: duplicate id translation (first in services/translation.yaml)");
    expect(where).not.toContainEqual(expect.stringMatching(/^policies\//));
    expect(where).toContain("departments/finance-copy.yaml: id: duplicate id finance (first in departments/finance.yaml)");
    expect(where).toContain("pages/about-copy.yaml: id: duplicate id about (first in pages/about.yaml)");
    expect(where).toContain(`${journal}/issues/v13-n2-copy.yaml: id: duplicate issue id v13-n2 (first in ${journal}/issues/v13-n2.yaml)`);
    expect(where).toContain(
      `${journal}/issues/v13-n2-copy.yaml: articles.0.id: duplicate article id rent-gaps-and-tenant-displacement-in-yeldegirmeni-istanbul (first in ${journal}/issues/v13-n2.yaml)`,
    );
    expect(where).toContain("reference.yaml: categories.1.id: duplicate id social-sciences (first in categories.0.id)");
    expect(where.every((line) => !line.startsWith(`${journal}/issues/v13-n2.yaml`) && !line.startsWith("services/translation.yaml"))).toBe(true);
  });

  it("in a journal's folder is reported in the copied folder's journal.yaml", async () => {
    const original = "journals/journal-of-social-inquiry/journal.yaml";
    const copy = "journals/journal-of-social-inquiry-2/journal.yaml";
    await cp(path.join(folder, "journals/journal-of-social-inquiry"), path.join(folder, "journals/journal-of-social-inquiry-2"), { recursive: true });
    try {
      const problems = await problemsWith({});
      expect(problems.filter((p) => p.field === "id")).toEqual([
        { file: copy, field: "id", message: `duplicate id journal-of-social-inquiry (first in ${original})` },
      ]);
      expect(problems.every((p) => p.file === copy)).toBe(true);
    } finally {
      await rm(path.join(folder, "journals/journal-of-social-inquiry-2"), { recursive: true });
    }
  });
});

describe("a call for papers", () => {
  const call = "calls/platform-cities.yaml";

  it("that names no journal of the folder is a problem of its file, which names the journal", async () => {
    const text = await read(call);
    expect(await problemsWith({ [call]: text.replace(/^journal: .*$/m, "journal: journal-of-alchemy") })).toEqual([
      { file: call, field: "journal", message: "unknown journal journal-of-alchemy: no journals/*/journal.yaml has this id" },
    ]);
  });

  it("needs both locales, a special issue's title in both or neither, a real deadline and an id of its own", async () => {
    const text = await read(call);
    expect(await problemsWith({ [call]: text.slice(0, text.indexOf("\ntr:") + 1) })).toEqual([
      { file: call, field: "tr", message: expect.any(String) },
    ]);
    expect(await problemsWith({ [call]: text.replace(/^ {2}specialTitle: "Platform Kentleri.*\n/m, "") })).toEqual([
      { file: call, field: "tr.specialTitle", message: "a special issue's title is given in both locales or in neither" },
    ]);
    expect(await problemsWith({ [call]: text.replace(/^deadline: .*$/m, "deadline: 2027-02-30") })).toEqual([
      { file: call, field: "deadline", message: expect.any(String) },
    ]);
    expect(await problemsWith({ "calls/copy.yaml": text })).toEqual([
      { file: "calls/copy.yaml", field: "id", message: `duplicate call id platform-cities (first in ${call})` },
    ]);
  });
});

describe("an unknown key", () => {
  it("is a problem of its file and field in every kind of file, so a misspelt field is never lost", async () => {
    const journal = "journals/journal-of-social-inquiry";
    const article = "rent-gaps-and-tenant-displacement-in-yeldegirmeni-istanbul";
    const files = {
      "reference.yaml": (text: string) => `${text}\nextra: 1\n`,
      "services/translation.yaml": (text: string) => `${text}\npriority: 1\n`,
      "policies/open-access.yaml": (text: string) => `${text}\npriority: 1\n`,
      "pages/about.yaml": (text: string) => `${text}\nsubtitle: x\n`,
      "departments/finance.yaml": (text: string) => `${text}\nfax: "1"\n`,
      [`${journal}/journal.yaml`]: (text: string) => `${text}\nlicnce: CC BY 4.0\n`,
      [`${journal}/board.yaml`]: (text: string) => text.replace("  - honorific:", "  - title: Dr.\n    honorific:"),
      [`${journal}/issues/v13-n2.yaml`]: (text: string) =>
        text.replace(`  - id: ${article}\n`, `  - id: ${article}\n    pdfURL: https://x.example/a.pdf\n    recievedOn: 2025-01-01\n`),
      "books/merchants-of-the-levant.yaml": (text: string) => `${text}\nprintISBN: "9780000000000"\n`,
      "calls/platform-cities.yaml": (text: string) => `${text}\nopensOn: 2026-11-01\n`,
    };
    const changed = Object.fromEntries(await Promise.all(Object.entries(files).map(async ([file, edit]) => [file, edit(await read(file))])));
    const problems = await problemsWith(changed);
    const unknown = problems.filter((p) => p.message === "unknown key");
    expect(problems.filter((p) => p.message !== "unknown key")).toEqual([]);
    expect(unknown.map((p) => [p.file.replace(/\.yaml$/, ""), p.field])).toEqual(
      expect.arrayContaining([
        ["reference", "extra"],
        ["services/translation", "priority"],
        ["policies/open-access", "priority"],
        ["pages/about", "subtitle"],
        ["departments/finance", "fax"],
        [`${journal}/journal`, "licnce"],
        [`${journal}/board`, "members.0.title"],
        [`${journal}/issues/v13-n2`, expect.stringMatching(/^articles\.\d+\.pdfURL$/)],
        [`${journal}/issues/v13-n2`, expect.stringMatching(/^articles\.\d+\.recievedOn$/)],
        ["books/merchants-of-the-levant", "printISBN"],
        ["calls/platform-cities", "opensOn"],
      ]),
    );
    expect(unknown).toHaveLength(11);
    // An article's folder is read once its issue file reads.
    const references = `${journal}/articles/${article}/references.yaml`;
    expect(await problemsWith({ [references]: (await read(references)).replace(/^- id: /m, "- url2: x\n  id: ") })).toEqual([
      { file: references, field: "0.url2", message: "unknown key" },
    ]);
  });
});

describe("an article's typed views", () => {
  it("are accepted for one release, with a notice naming the file and the field, and not read", async () => {
    const file = "journals/journal-of-social-inquiry/issues/v15-n1.yaml";
    const original = await read(file);
    await writeFile(path.join(folder, file), original.replace(/^(\s+)publishedOn: (.*)$/m, "$1publishedOn: $2\n$1views: 4821"));
    try {
      const bundle = await readContentFolder(folder);
      expect(bundle.notices).toEqual([{ file, field: "articles.0.views", message: expect.stringContaining("no longer read") }]);
    } finally {
      await writeFile(path.join(folder, file), original);
    }
  });
});

describe("a symbolic link", () => {
  const article = "journals/journal-of-social-inquiry/articles/editorial-fifteen-years-of-social-inquiry";
  it("anywhere in the folder refuses the folder, naming each link, and nothing it points at is read", async () => {
    const outside = await mkdtemp(path.join(tmpdir(), "outside-"));
    await writeFile(path.join(outside, "secret.md"), "API_TOKEN=outside-the-folder\n");
    const fullText = path.join(folder, article, "full-text.md");
    const original = await readFile(fullText);
    await rm(fullText);
    await symlink(path.join(outside, "secret.md"), fullText);
    await symlink(outside, path.join(folder, "images", "elsewhere"));
    try {
      const error = await readContentFolder(folder).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ContentError);
      const problems = (error as ContentError).problems;
      expect(problems.map((p) => p.file)).toEqual(["images/elsewhere", `${article}/full-text.md`]);
      expect(problems.every((p) => /symbolic link/.test(p.message))).toBe(true);
      expect(JSON.stringify(problems)).not.toContain("outside-the-folder");
    } finally {
      await rm(fullText);
      await rm(path.join(folder, "images", "elsewhere"));
      await writeFile(fullText, original);
      await rm(outside, { recursive: true });
    }
  });
});
