/**
 * The content editor (issue 21) as the publisher's staff use it locally (`npm run edit`: EDIT_MODE
 * on a Git repository holding the content, no Git host, no account): Decap CMS at /admin/ changes a
 * service's Turkish title, an article's English abstract, a journal's cover and an article's figure (uploaded), each
 * published as a commit by the editor, and the site shows the changes; a save with a bad DOI is
 * refused naming the file and the field, and nothing is committed or imported. The site without
 * EDIT_MODE has no /admin/ at all.
 */
import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { startServer } from "../../scripts/server-process.ts";
import { copySmallCatalogue } from "../small-catalogue.ts";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
const ISSUE = "journals/journal-of-social-inquiry/issues/v15-n1.yaml";
const ARTICLE_ID = "climate-anxiety-and-pro-environmental-action-among-university-students";
const ARTICLE = `/journals/journal-of-social-inquiry/articles/v15-n1/${ARTICLE_ID}`;
const git = (dir: string, ...args: string[]) => execFileSync("git", args, { cwd: dir, encoding: "utf8" }).trim();

test.describe.configure({ mode: "serial" });

let work: string;
let repo: string;
let server: Awaited<ReturnType<typeof startServer>>;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  work = await mkdtemp(path.join(tmpdir(), "editor-e2e-"));
  repo = path.join(work, "repository");
  // The small catalogue (the demo with one journal, the one edited here): each publish imports the whole folder.
  await copySmallCatalogue(path.join(repo, "content"));
  git(repo, "init", "-q", "-b", "main");
  git(repo, "add", "-A");
  git(repo, "-c", "user.name=Seed", "-c", "user.email=seed@example.org", "commit", "-qm", "demo content");
  server = await startServer({
    EDIT_MODE: "1",
    CONTENT_DIR: path.join(repo, "content"),
    EDITOR_NAME: "Ayşe Editör",
    EDITOR_EMAIL: "ayse@example.org",
    SQLITE_FILE: path.join(work, "site.db"),
    DATABASE_URL: undefined,
  });
});

test.afterAll(async () => {
  await server?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

/** The page's text as a visitor's browser gets it, once the revision the editor's import moved has reached the page cache. */
const pageText = async (pagePath: string) => (await fetch(server.base + pagePath, { headers: { "User-Agent": BROWSER } })).text();

/**
 * Opens an entry in a freshly loaded editor (Decap loads an entry reached by changing only the
 * URL's hash without its data). The first time it asks to log in: the proxy backend needs no
 * account, one click; it remembers that.
 */
async function openEntry(page: Page, hash: string) {
  await page.goto("about:blank");
  await page.goto(`${server.base}/admin/#/collections/${hash}`);
  const login = page.getByRole("button", { name: "Login" });
  // Decap's bundle (5 MB) is parsed anew on each load: slow on a busy machine.
  await expect(login.or(page.getByText("Writing in"))).toBeVisible({ timeout: 30_000 });
  if (await login.isVisible()) await login.click();
}

async function publish(page: Page) {
  await page.getByRole("button", { name: "Publish" }).click();
  await page.getByRole("menuitem", { name: "Publish now" }).click();
}

test("an editor changes a Turkish title, an English abstract and a cover, publishes each, and the site shows them", async ({ page }) => {
  test.setTimeout(180_000);
  const editorCommits = () => git(repo, "log", "--author=ayse@example.org", "--format=%an <%ae>|%s");

  // A service's Turkish title (the second "Title": English comes first, then Türkçe).
  await openEntry(page, "services/entries/language-editing");
  await page.getByLabel("Title", { exact: true }).nth(1).fill("Dil Düzenleme ve Son Okuma");
  await publish(page);
  await expect(page.getByText("Entry saved")).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => pageText("/tr/hizmetler/dil-duzenleme-ve-redaksiyon"), { timeout: 20_000 }).toContain(">Dil Düzenleme ve Son Okuma</h1>");

  // An article's English abstract, inside its issue's list of articles.
  await openEntry(page, "issues-journal-of-social-inquiry/entries/v15-n1");
  const item = page.getByText("climate-anxiety-and-pro-environmental-action-among-university-students", { exact: true });
  await item.locator("xpath=..").getByRole("button").first().click();
  const abstract = page.getByRole("textbox").filter({ hasText: "Climate anxiety is increasingly discussed" });
  await abstract.click();
  await page.keyboard.press("Control+A");
  await page.keyboard.type("Students who believe collective efforts work turn climate anxiety into action.");
  // The preview draws the issue with the site's own stylesheet.
  await expect(page.frameLocator("iframe").first().getByText("Students who believe collective efforts work")).toBeVisible();
  await publish(page);
  await expect(page.getByText("Entry saved")).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => pageText(ARTICLE), { timeout: 20_000 })
    .toContain("Students who believe collective efforts work turn climate anxiety into action.");

  // A journal's cover, uploaded through the media library.
  const cover = path.join(work, "new-cover.png");
  await sharp({ create: { width: 400, height: 600, channels: 3, background: "#1d4e89" } })
    .png()
    .toFile(cover);
  await openEntry(page, "journals/entries/journal-of-social-inquiry/journal");
  await page.getByRole("button", { name: "Choose an image" }).click();
  await page.locator('input[type="file"]').setInputFiles(cover);
  // The uploaded file is selected, marked as a draft until the entry is published.
  await expect(page.getByText("new-cover.png")).toBeVisible();
  await page.getByRole("button", { name: "Choose selected" }).click();
  await publish(page);
  await expect(page.getByText("Entry saved")).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => pageText("/journals/journal-of-social-inquiry"), { timeout: 20_000 })
    .toMatch(/src="\/images\/\d+\/covers\/journals\/new-cover\.png"/);
  const served = await fetch(`${server.base}/images/224/covers/journals/new-cover.png`);
  expect([served.status, served.headers.get("content-type")]).toEqual([200, "image/webp"]);

  // A figure for an article, uploaded into its folder's figures/ from its files' form.
  const figure = path.join(work, "response-map.svg");
  await writeFile(figure, '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 3"><rect width="4" height="3" fill="#1d4e89"/></svg>');
  await openEntry(page, `articles-journal-of-social-inquiry/entries/${ARTICLE_ID}/references`);
  await page.getByRole("button", { name: "Add figures" }).click();
  await page.getByRole("button", { name: "Choose an image" }).last().click();
  await page.locator('input[type="file"]').setInputFiles(figure);
  await page.getByRole("button", { name: "Choose selected" }).click();
  await publish(page);
  await expect(page.getByText("Entry saved")).toBeVisible({ timeout: 30_000 });
  expect(git(repo, "show", "--name-only", "--format=", "HEAD").split("\n")).toContain(
    `content/journals/journal-of-social-inquiry/articles/${ARTICLE_ID}/figures/response-map.svg`,
  );

  // Four commits by the editor, each with only its files.
  expect(editorCommits().split("\n")).toEqual([
    `Ayşe Editör <ayse@example.org>|Update Article's files “${ARTICLE_ID}/references”`,
    "Ayşe Editör <ayse@example.org>|Update Journal “journal-of-social-inquiry/journal”",
    "Ayşe Editör <ayse@example.org>|Update Issue “v15-n1”",
    "Ayşe Editör <ayse@example.org>|Update Service “language-editing”",
  ]);
  expect(git(repo, "show", "--name-only", "--format=", "HEAD~1").split("\n").sort()).toEqual([
    "content/images/covers/journals/new-cover.png",
    "content/journals/journal-of-social-inquiry/journal.yaml",
  ]);
  expect(git(repo, "status", "--porcelain")).toBe("");
});

test("a save with a bad DOI is refused naming the file and the field, and nothing is committed or imported", async ({ page }) => {
  test.setTimeout(120_000);
  const head = git(repo, "rev-parse", "HEAD");
  const file = await readFile(path.join(repo, "content", ISSUE), "utf8");
  await openEntry(page, "issues-journal-of-social-inquiry/entries/v15-n1");
  const item = page.getByText("climate-anxiety-and-pro-environmental-action-among-university-students", { exact: true });
  await item.locator("xpath=..").getByRole("button").first().click();
  // What changed in the article, from Git, beside it in the preview: the abstract's commit by the editor.
  const preview = page.frameLocator("iframe").first();
  await expect(preview.getByRole("heading", { name: "What changed (Git history)" }).first()).toBeVisible();
  await expect(preview.getByText(/· Ayşe Editör · Update Issue “v15-n1”/).first()).toBeVisible();
  await page.getByLabel("Doi (optional)").first().fill("not-a-doi");
  await publish(page);
  await expect(page.getByText(`${ISSUE}: articles.0.doi: a DOI such as 10.5555/abc.2025.1`)).toBeVisible({ timeout: 30_000 });
  expect(git(repo, "rev-parse", "HEAD")).toBe(head);
  expect(await readFile(path.join(repo, "content", ISSUE), "utf8")).toBe(file);
  expect(await pageText(ARTICLE)).toContain("10.5555/jsi.2026.15.1.1");

  // A required field left out reaches the endpoint only from a client other than Decap (which stops it first): refused all the same.
  const raw = (await readFile(path.join(repo, "content", "services/translation.yaml"), "utf8")).replace(
    /\ntr:\n {2}slug: [^\n]+\n {2}title: [^\n]+\n/,
    "\ntr:\n  slug: akademik-ceviri\n",
  );
  const response = await fetch(`${server.base}/admin/api/v1`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.base },
    body: JSON.stringify({
      action: "persistEntry",
      params: { dataFiles: [{ path: "services/translation.yaml", raw }], assets: [], options: { commitMessage: "x" } },
    }),
  });
  expect(response.status).toBe(422);
  expect(((await response.json()) as { error: string }).error).toContain("services/translation.yaml: tr.title:");
  expect(git(repo, "rev-parse", "HEAD")).toBe(head);
});

test("the editor has its own stricter headers, refuses another site's posts, and is absent without EDIT_MODE", async ({ request }) => {
  const editorPage = await fetch(`${server.base}/admin/`);
  expect(editorPage.headers.get("content-security-policy")).toContain("script-src 'self' 'unsafe-eval'");
  expect(editorPage.headers.get("x-robots-tag")).toBe("noindex, nofollow");
  expect(editorPage.headers.get("cache-control")).toBe("no-store");
  const crossSite = await fetch(`${server.base}/admin/api/v1`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Sec-Fetch-Site": "cross-site" },
    body: JSON.stringify({ action: "deleteFile", params: { path: "services/translation.yaml" } }),
  });
  expect(crossSite.status).toBe(403);
  const outside = await fetch(`${server.base}/admin/api/v1`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ action: "getEntry", params: { path: "../../site.db" } }),
  });
  expect(outside.status).toBe(422);
  // The site every other test runs has no editor.
  expect((await request.get("/admin/")).status()).toBe(404);
  expect((await request.post("/admin/api/v1", { data: { action: "info" } })).status()).not.toBe(200);
});
