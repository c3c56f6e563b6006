/**
 * `npm run build`'s prerendering (scripts/prerender.ts) run on its own into a folder of this test,
 * and a server started on that folder: the configured pages are answered as built.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { startServer } from "../../scripts/server-process.ts";
import { copyDemoDatabase } from "../demo-snapshot.ts";
import { gotoHydrated } from "./hydrated.ts";

const run = promisify(execFile);
const dir = mkdtempSync(path.join(tmpdir(), "meridian-prerender-"));
const env = {
  ...process.env,
  PRERENDER_DIR: path.join(dir, "pages"),
  SQLITE_FILE: copyDemoDatabase(path.join(dir, "content.db")),
  PUBLIC_URL: "https://www.meridianpress.example",
};

test.describe.configure({ mode: "serial" });
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("refuses a page with a form, and a build without PUBLIC_URL", async () => {
  const withForm = run(process.execPath, ["scripts/prerender.ts"], { env: { ...env, PRERENDER_PATHS: "/who-we-are,/contact-us" } });
  await expect(withForm).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining("/contact-us carries a form") });
  const { PUBLIC_URL: _, ...withoutOrigin } = env;
  const noOrigin = run(process.execPath, ["scripts/prerender.ts"], { env: { ...withoutOrigin, PRERENDER_PATHS: "/who-we-are" } });
  await expect(noOrigin).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining("needs PUBLIC_URL") });
});

test("writes the configured pages with their data files, and the server answers them as built", async ({ page, request }) => {
  test.setTimeout(120_000);
  await run(process.execPath, ["scripts/prerender.ts"], {
    env: { ...env, PRERENDER_PATHS: "/who-we-are,/tr/dergiler/anadolu-egitim-dergisi/editör-kadrosu" },
  });
  const manifest = JSON.parse(readFileSync(path.join(dir, "pages", "manifest.json"), "utf8")) as { path: string }[];
  expect(manifest.map((p) => p.path)).toEqual(["/who-we-are", "/tr/dergiler/anadolu-egitim-dergisi/edit%C3%B6r-kadrosu"]);

  const server = await startServer({ PRERENDER_DIR: env.PRERENDER_DIR, SQLITE_FILE: env.SQLITE_FILE, DATABASE_URL: undefined });
  try {
    const built = await request.get(`${server.base}/who-we-are`);
    expect(built.headers()["x-prerendered"]).toBe("1");
    expect(await built.text()).toContain('<link rel="canonical" href="https://www.meridianpress.example/who-we-are"/>');
    const data = await request.get(`${server.base}/who-we-are.data`);
    expect(data.headers()["x-prerendered"]).toBe("1");
    const board = await request.get(`${server.base}/tr/dergiler/anadolu-egitim-dergisi/edit%C3%B6r-kadrosu`);
    expect(board.headers()["x-prerendered"]).toBe("1");
    expect(await board.text()).toContain("<title>Editör kadrosu · Anadolu Eğitim Dergisi | Meridyen Akademik Yayıncılık</title>");
    const rendered = await request.get(`${server.base}/who-we-are/departments`);
    expect(rendered.headers()["x-prerendered"]).toBeUndefined();

    // A visitor gets a working page: it hydrates, and a client navigation to it reads the built data.
    const dataRequests: string[] = [];
    page.on("response", (r) => {
      const { pathname } = new URL(r.url());
      if (pathname.endsWith(".data")) dataRequests.push(`${pathname} ${r.headers()["x-prerendered"] ?? "-"}`);
    });
    await gotoHydrated(page, `${server.base}/who-we-are/departments`);
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Who We Are" }).click();
    await expect(page).toHaveURL(/\/who-we-are$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Who We Are");
    expect(dataRequests).toContain("/who-we-are.data 1");
  } finally {
    await server.stop();
  }
});
