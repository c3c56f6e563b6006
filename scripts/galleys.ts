/**
 * `npm run galleys -- [base URL] [content folder] [article ids…]`: writes each (or each named) article's PDF galley
 * (articles/{id}/galley.pdf) from its page in its own language, printed by headless Chromium with
 * the site's print styles (no header, footer, menus or side panels). Run it against a server of
 * the same content after changing a full text, then import again: the page offers the galley.
 */
import path from "node:path";
import { chromium } from "@playwright/test";
import { articlePath } from "../contract/article-path.ts";
import { readContentFolder } from "../service/content/read-folder.ts";

const [base = "http://127.0.0.1:3000", content = "content/demo", ...only] = process.argv.slice(2);
const bundle = await readContentFolder(content);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage({ userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0.0.0 Safari/537.36" });
await page.emulateMedia({ media: "print" });
let written = 0;
for (const { journal, issues, articleFiles } of bundle.journals) {
  for (const issue of issues) {
    for (const article of issue.articles) {
      if (!articleFiles.get(article.id)?.fullText || (only.length > 0 && !only.includes(article.id))) continue;
      const url = base + articlePath(journal[article.language].slug, { issueId: issue.id, id: article.id }, article.language);
      const answer = await page.goto(url, { waitUntil: "load" });
      if (!answer?.ok()) throw new Error(`${url}: ${answer?.status()}`);
      // The page's figures load lazily; printed, every one must be there, and the text in the site's fonts.
      await page.evaluate(() =>
        Promise.all([
          document.fonts.ready,
          ...[...document.images].map((img) => {
            img.loading = "eager";
            return img.complete ? null : new Promise((done) => img.addEventListener("load", done, { once: true }));
          }),
        ]),
      );
      const file = path.join(content, "journals", journal.id, "articles", article.id, "galley.pdf");
      await page.pdf({
        path: file,
        format: "A4",
        margin: { top: "18mm", bottom: "18mm", left: "18mm", right: "18mm" },
        displayHeaderFooter: true,
        headerTemplate: `<div style="font-size:7pt;width:100%;padding:0 18mm;color:#555">${journal[article.language].title} ${issue.volume}(${issue.number})${article.doi ? ` · https://doi.org/${article.doi}` : ""}</div>`,
        footerTemplate:
          '<div style="font-size:7pt;width:100%;text-align:center;color:#555"><span class="pageNumber"></span> / <span class="totalPages"></span></div>',
      });
      written++;
      process.stderr.write(`\r${written} galleys written`);
    }
  }
}
process.stderr.write("\n");
await browser.close();
