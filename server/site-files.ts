/**
 * The site's own small files that are not the build's: the country flags of the phone input's
 * country list (country-flag-icons' SVGs), each language's messages (compressed once, on first
 * request, and sent with an ETag; I18N_NO_CACHE_LOCALES revalidated each time) and robots.txt.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { href } from "../contract/route-table.ts";
import { isLocale, type Locale } from "../i18n/locales.ts";
import { messages } from "../i18n/messages/index.ts";
import type { Config } from "./config.ts";
import { bodyTag, sendVariant, variantsOf } from "./encodings.ts";

const MESSAGES_MAX_AGE = 24 * 60 * 60;
const FLAGS_MAX_AGE = 7 * 24 * 60 * 60;

async function messageFile(locale: Locale) {
  const body = new TextEncoder().encode(JSON.stringify(messages[locale]));
  return { variants: await variantsOf(body), etag: `"${bodyTag(body)}"` };
}

export function siteFilesApp(config: Pick<Config, "PUBLIC_URL" | "I18N_NO_CACHE_LOCALES">): Hono {
  const app = new Hono();
  const flags = path.join(path.dirname(fileURLToPath(import.meta.resolve("country-flag-icons"))), "3x2");
  app.use(
    "/flags/*",
    serveStatic({
      root: path.relative(process.cwd(), flags),
      rewriteRequestPath: (p) => p.replace(/^\/flags/, ""),
      onFound: (_path, c) => c.header("Cache-Control", `public, max-age=${FLAGS_MAX_AGE}`),
    }),
  );

  const messageFiles = new Map<Locale, ReturnType<typeof messageFile>>();
  app.get("/_i18n/:locale/messages.json", async (c) => {
    const locale = c.req.param("locale");
    if (!isLocale(locale)) return c.json({ error: "not_found", message: `Unknown locale '${locale.slice(0, 40)}'.` }, 404);
    let file = messageFiles.get(locale);
    if (!file) {
      file = messageFile(locale);
      messageFiles.set(locale, file);
    }
    const { variants, etag } = await file;
    const cacheable = !config.I18N_NO_CACHE_LOCALES.includes(locale);
    const headers = new Headers({
      "Content-Type": "application/json",
      "Cache-Control": cacheable ? `public, max-age=${MESSAGES_MAX_AGE}` : "no-cache",
      ETag: etag,
      Vary: "Accept-Encoding",
    });
    return sendVariant(c, variants, 200, headers, etag);
  });

  app.get("/robots.txt", (c) => {
    const origin = config.PUBLIC_URL ?? new URL(c.req.url).origin;
    return c.text(`User-agent: *\nAllow: /\n\nSitemap: ${origin}${href("sitemap")}\n`);
  });
  return app;
}
