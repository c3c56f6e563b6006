/**
 * Nothing outside the content folder is read or written through it: a link on the way to a file,
 * a link that is the file, a path with `..`.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { OutsideFolderError, openInside, readInside, symbolicLinksUnder, writeInside } from "./confined.ts";

let root: string;
let outside: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "confined-root-"));
  outside = await mkdtemp(path.join(tmpdir(), "confined-outside-"));
  await writeFile(path.join(outside, "secret"), "FORM_SECRET=never-read");
  await mkdir(path.join(root, "journals", "j", "articles", "a"), { recursive: true });
  await writeFile(path.join(root, "journals", "j", "articles", "a", "full-text.md"), "# Text");
});
afterEach(() => Promise.all([rm(root, { recursive: true }), rm(outside, { recursive: true })]));

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe("reading", () => {
  it("reads a file in the folder", async () => {
    expect((await readInside(root, "journals/j/articles/a/full-text.md")).toString()).toBe("# Text");
  });

  it("refuses a file that is a link, and a file reached through a linked folder", async () => {
    await symlink(path.join(outside, "secret"), path.join(root, "journals", "j", "articles", "a", "galley.pdf"));
    await symlink(outside, path.join(root, "journals", "j", "articles", "b"));
    for (const file of ["journals/j/articles/a/galley.pdf", "journals/j/articles/b/secret"]) {
      const error = await refusal(readInside(root, file));
      expect(error).toBeInstanceOf(OutsideFolderError);
      expect(String(error)).not.toContain("never-read");
    }
    expect(await symbolicLinksUnder(root)).toEqual(["journals/j/articles/a/galley.pdf", "journals/j/articles/b"]);
  });

  it("refuses a path that leaves the folder, and finds no file where there is a folder or nothing", async () => {
    expect(await refusal(readInside(root, "../confined-outside/secret"))).toBeInstanceOf(OutsideFolderError);
    expect(await refusal(readInside(root, "/etc/passwd".replace(/^\//, "../../../../")))).toBeInstanceOf(OutsideFolderError);
    expect(await openInside(root, "journals/j")).toBeUndefined();
    expect(await openInside(root, "journals/none.yaml")).toBeUndefined();
  });
});

describe("writing", () => {
  it("writes a file in a new folder", async () => {
    await writeInside(root, "images/new/cover.png", "png");
    expect(await readFile(path.join(root, "images", "new", "cover.png"), "utf8")).toBe("png");
  });

  it("refuses to write through a linked folder or over a link, leaving the outside as it was", async () => {
    await symlink(outside, path.join(root, "images"));
    await symlink(path.join(outside, "secret"), path.join(root, "reference.yaml"));
    expect(await refusal(writeInside(root, "images/cover.png", "png"))).toBeInstanceOf(OutsideFolderError);
    expect(await refusal(writeInside(root, "reference.yaml", "overwritten"))).toBeInstanceOf(OutsideFolderError);
    expect((await readdir(outside)).sort()).toEqual(["secret"]);
    expect(await readFile(path.join(outside, "secret"), "utf8")).toBe("FORM_SECRET=never-read");
  });
});
