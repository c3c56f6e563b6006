/**
 * `npm run build` ends here: when PRERENDER_PATHS names pages (comma-separated site paths, such as
 * `/who-we-are,/tr/biz-kimiz`), the built server renders each once, with its client-navigation
 * data file (`{path}.data`), into build/prerendered/ (PRERENDER_DIR), which the server then serves
 * for exactly those paths instead of rendering them. They show the content of the database the
 * environment names (SQLITE_FILE or DATABASE_URL) as it was at build time: for pages that change
 * only with a deploy. PUBLIC_URL is required, for their canonical and hreflang links.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { readConfig } from "../server/config.ts";
import { dataPath, MANIFEST, type PrerenderedPage, prerenderPathsOf } from "../server/prerendered.ts";
import { startServer } from "./server-process.ts";

const root = path.resolve(import.meta.dirname, "..");
const outDir = path.resolve(root, readConfig().PRERENDER_DIR);
const paths = prerenderPathsOf(process.env.PRERENDER_PATHS);

function fail(message: string): never {
  console.error(`prerender: ${message}`);
  process.exit(1);
}

rmSync(outDir, { recursive: true, force: true });
if (paths.length > 0) {
  if (!process.env.PUBLIC_URL) fail("PRERENDER_PATHS needs PUBLIC_URL, the site's public origin, for the pages' canonical links");
  for (const p of paths) if (!p.startsWith("/") || p.includes("..") || p.includes("?")) fail(`'${p}' is not a site path`);
  const server = await startServer({});
  try {
    const pages: PrerenderedPage[] = [];
    for (const [i, requested] of paths.entries()) {
      const pathname = new URL(requested, server.base).pathname;
      const page = await fetch(server.base + pathname, { headers: { "User-Agent": "Mozilla/5.0 (prerender) Chrome/156.0" } });
      if (page.status !== 200) fail(`${requested} answered ${page.status}`);
      if (/no-store/.test(page.headers.get("cache-control") ?? ""))
        fail(`${requested} carries a form and is never cached, so it cannot be prerendered`);
      const data = await fetch(server.base + dataPath(pathname));
      if (data.status !== 200) fail(`${dataPath(pathname)} answered ${data.status}`);
      const files = { html: `${i}.html`, data: `${i}.data` };
      mkdirSync(outDir, { recursive: true });
      writeFileSync(path.join(outDir, files.html), await page.text());
      writeFileSync(path.join(outDir, files.data), Buffer.from(await data.arrayBuffer()));
      pages.push({ path: pathname, ...files, dataType: data.headers.get("content-type") ?? "text/x-script" });
    }
    writeFileSync(path.join(outDir, MANIFEST), `${JSON.stringify(pages, null, 2)}\n`);
    console.log(`prerendered ${pages.length} page(s) into ${path.relative(process.cwd(), outDir)}: ${paths.join(", ")}`);
  } finally {
    await server.stop();
  }
}
