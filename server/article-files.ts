/**
 * An article's files, under its own page's path in both locales: its galleys,
 * `{article path}/{article id}.pdf` (and `.epub`), where Google Scholar looks for the PDF of an
 * abstract page, and the figures its full text shows, `{article path}/figures/{file}`. They lie in
 * the content folder (CONTENT_DIR/journals/{journal}/articles/{article}/); the content service says
 * whether the article is published and which galleys it has, so a work dated in the future, or a
 * path naming no article, falls through to the site's 404.
 */
import path from "node:path";
import { Readable } from "node:stream";
import { Hono } from "hono";
import { routeTable } from "../contract/route-table.ts";
import type { Locale } from "../i18n/locales.ts";
import { type ApiClient, namesNothing } from "../service/api/client.ts";
import { OutsideFolderError, openInside } from "../service/content/confined.ts";

const types: Record<string, string> = {
  pdf: "application/pdf",
  epub: "application/epub+zip",
  svg: "image/svg+xml",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
};
const FIGURE = /^[a-z0-9][a-z0-9._-]*\.(svg|png|jpe?g|webp)$/;
/** Files change only with an import, which changes their size or time (the ETag): an hour, then revalidated. */
const CACHE_CONTROL = "public, max-age=3600";

/** The article page's pattern in each locale, as Hono writes it. */
const articlePatterns = (() => {
  const route = routeTable.find((r) => r.id === "journal-article");
  if (!route) throw new Error("the route table has no journal-article");
  return [
    { pattern: route.en, locale: "en" as Locale },
    { pattern: route.tr, locale: "tr" as Locale },
  ];
})();

export function createArticleFilesApp({ api, contentDir }: { api: ApiClient; contentDir: string }) {
  const app = new Hono();
  for (const { pattern, locale } of articlePatterns) {
    app.on(["GET", "HEAD"], [`${pattern}/:file`, `${pattern}/figures/:file`], async (c, next) => {
      const { slug, issueId, articleSlug, file } = c.req.param() as Record<string, string>;
      const figure = c.req.path.endsWith(`/figures/${file}`);
      const galley = !figure && new RegExp(`^${articleSlug.replace(/[^a-z0-9-]/g, "")}\\.(pdf|epub)$`).exec(file)?.[1];
      if (figure ? !FIGURE.test(file) : !galley) return next();
      const article = await api.article(locale, slug, issueId, articleSlug).catch((error: unknown) => {
        if (namesNothing(error)) return undefined;
        throw error;
      });
      if (!article || (galley && !article.galleys.some((g) => g.kind === galley && g.url === null))) return next();
      // Opened through no link (the content folder is confined, service/content/confined.ts): a link is as good as no file.
      const folder = `journals/${article.journal.id}/articles/${article.id}`;
      const opened = await openInside(contentDir, `${folder}/${figure ? `figures/${file}` : `galley.${galley}`}`).catch((error: unknown) => {
        if (error instanceof OutsideFolderError) return undefined;
        throw error;
      });
      if (!opened) return next();
      const { handle, info } = opened;
      const etag = `"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`;
      const extension = path.extname(file).slice(1);
      const headers: Record<string, string> = {
        "Content-Type": types[extension] ?? "application/octet-stream",
        "Cache-Control": CACHE_CONTROL,
        ETag: etag,
        "Last-Modified": info.mtime.toUTCString(),
        "X-Content-Type-Options": "nosniff",
      };
      // A galley is named after the article; an SVG figure may not run anything, nor be framed.
      if (galley) headers["Content-Disposition"] = `inline; filename="${article.id}.${galley}"`;
      if (extension === "svg") headers["Content-Security-Policy"] = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";
      if (c.req.header("if-none-match") === etag) {
        await handle.close();
        return c.body(null, 304, headers);
      }
      headers["Content-Length"] = String(info.size);
      if (c.req.method === "HEAD") {
        await handle.close();
        return c.body(null, 200, headers);
      }
      return c.body(Readable.toWeb(handle.createReadStream()) as ReadableStream, 200, headers);
    });
  }
  return app;
}
