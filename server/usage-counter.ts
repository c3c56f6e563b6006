/**
 * Counts the use of articles as this process answers (COUNTER 5.1; docs/decisions/036-counted-usage.md):
 * an article's page opened (a document, or the `.data` of a navigation in the app) and its PDF or
 * EPUB fetched, answered 200 or 304, whether rendered or sent from the page cache. Not counted:
 * HEAD requests, prefetches (`Sec-Purpose`/`Purpose: prefetch`), robots (service/usage/robots.ts),
 * and a double click: the same URL from the same visitor within 30 seconds counts once (COUNTER
 * §7.2; a visitor is an address and a user agent). Each use is kept in memory with a digest of
 * its visitor (neither address nor user agent leaves this process) and sent to the content service
 * every few seconds in one batch (service/usage/record.ts), and once more when the process stops.
 * Behind a CDN that keeps pages, the requests for them never reach this process: with `beacon`
 * (USAGE_BEACON) an article's page is counted when the visitor's browser says it showed it
 * (`viewed`, app/components/usage-beacon.tsx), under the same rules; galleys still by request.
 */
import { createHash } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { pagePath } from "../contract/page-path.ts";
import { routeEntry } from "../contract/route-table.ts";
import type { Locale } from "../i18n/locales.ts";
import type { UsageBatch, Use } from "../service/usage/record.ts";
import { isRobot } from "../service/usage/robots.ts";

/** COUNTER's double-click window. */
export const DOUBLE_CLICK_MS = 30_000;
/** The most uses kept while the content service cannot take them; past it the oldest are dropped (and said). */
const PENDING_MAX = 20_000;

export interface UsageCounter {
  /** Counts the article pages and galleys a request is answered with (before the page cache, so kept pages count); with `beacon`, galleys only. */
  middleware(visitorIp: (c: Context) => string | undefined): MiddlewareHandler;
  /** Counts the article page at `path` that a visitor's browser said it showed (the beacon). */
  viewed(c: Context, path: string, visitorIp: (c: Context) => string | undefined): void;
  /** Sends what was counted so far. */
  flush(): Promise<void>;
  /** Stops the timer and sends the rest. */
  stop(): Promise<void>;
}

/** The article page's pattern in each locale as regular expressions (compiled once: this runs for every request), and the static part its paths start with. */
const articlePages = (() => {
  const entry = routeEntry("journal-article");
  if (!entry) throw new Error("the route table has no journal-article");
  return (["en", "tr"] as const).map((locale) => {
    const pattern = entry[locale];
    const names = [...pattern.matchAll(/:(\w+)/g)].map((m) => m[1]);
    const source = pattern.replace(/:\w+/g, "([^/]+)");
    return {
      locale,
      names,
      page: new RegExp(`^${source}$`),
      file: new RegExp(`^${source}/([^/]+)$`),
      prefix: pattern.slice(0, pattern.indexOf(":")),
    };
  });
})();

/** Which article a path shows (its page) or serves (a galley, `{page}/{article id}.pdf`), if any. */
export function articleUse(path: string): Omit<Use, "at" | "visitor"> | undefined {
  for (const { locale, names, page, file, prefix } of articlePages) {
    if (!path.startsWith(prefix)) continue;
    const match = page.exec(path) ?? file.exec(path);
    if (!match) continue;
    const params = Object.fromEntries(names.map((name, i) => [name, match[i + 1]]));
    const use = { locale: locale as Locale, journal: params.slug, articleId: params.articleSlug };
    if (match.length === names.length + 1) return { kind: "page", ...use };
    const name = match[names.length + 1];
    if (name === `${use.articleId}.pdf` || name === `${use.articleId}.epub`) return { kind: "galley", ...use };
  }
  return undefined;
}

const isPrefetch = (c: Context) =>
  /prefetch/i.test(`${c.req.header("sec-purpose") ?? ""} ${c.req.header("purpose") ?? ""} ${c.req.header("x-moz") ?? ""}`);

export function usageCounter({
  send,
  intervalMs,
  beacon = false,
  now = Date.now,
}: {
  send: (batch: UsageBatch) => Promise<unknown>;
  intervalMs: number;
  /** Pages are counted from their beacon (`viewed`), not from the requests for them. */
  beacon?: boolean;
  now?: () => number;
}): UsageCounter {
  let pending: Use[] = [];
  /** The last time each visitor asked for each counted URL, for the double-click rule. */
  let lastSeen = new Map<string, number>();
  let sending: Promise<void> | undefined;

  const flush = async () => {
    await sending;
    if (pending.length === 0) return;
    const uses = pending;
    pending = [];
    sending = send({ uses }).then(
      () => undefined,
      (error: unknown) => {
        // Kept for the next batch: the content service may be back by then.
        pending = [...uses, ...pending];
        if (pending.length > PENDING_MAX) {
          console.warn(`usage: ${pending.length - PENDING_MAX} uses dropped, the content service has not taken them`);
          pending = pending.slice(-PENDING_MAX);
        }
        console.warn(`usage: ${uses.length} uses not sent yet: ${(error as Error).message}`);
      },
    );
    await sending;
    sending = undefined;
    // What a double click could still match: the last 30 seconds.
    const recent = now() - DOUBLE_CLICK_MS;
    lastSeen = new Map([...lastSeen].filter(([, at]) => at > recent));
  };
  /** Keeps a use unless a robot made it or it repeats the visitor's last one within 30 seconds. */
  const count = (c: Context, use: Omit<Use, "at" | "visitor">, visitorIp: (c: Context) => string | undefined) => {
    const agent = c.req.header("user-agent");
    if (isRobot(agent)) return;
    const visitor = createHash("sha256")
      .update(`${visitorIp(c) ?? ""}\n${agent ?? ""}`)
      .digest("hex");
    const at = now();
    const key = `${visitor}\n${use.kind}\n${use.locale}\n${use.journal}\n${use.articleId}`;
    const last = lastSeen.get(key);
    lastSeen.set(key, at);
    if (last !== undefined && at - last < DOUBLE_CLICK_MS) return;
    pending.push({ ...use, at: new Date(at).toISOString(), visitor });
  };
  const timer = setInterval(() => void flush(), intervalMs);
  timer.unref();

  return {
    middleware: (visitorIp) => async (c, next) => {
      const use = c.req.method === "GET" ? articleUse(pagePath(c.req.url)) : undefined;
      await next();
      if (!use || (beacon && use.kind === "page") || (c.res.status !== 200 && c.res.status !== 304) || isPrefetch(c)) return;
      count(c, use, visitorIp);
    },
    viewed: (c, path, visitorIp) => {
      const use = articleUse(path);
      if (use?.kind === "page") count(c, use, visitorIp);
    },
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
