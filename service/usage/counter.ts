/**
 * Counts the use of articles as this process answers (COUNTER 5.1; docs/decisions/036-counted-usage.md
 * and 041-counting-resists-one-client.md): an article's page opened (a document, or the `.data` of a
 * navigation in the app) and its PDF or EPUB fetched, answered 200 or 304, whether rendered or sent
 * from the page cache. Not counted: HEAD requests, prefetches (`Sec-Purpose`/`Purpose: prefetch`),
 * robots (service/usage/robots.ts), and a double click: the same URL from the same visitor within 30
 * seconds counts once (COUNTER §7.2; a visitor is an address and a user agent). Each use is kept in
 * memory with a digest of its visitor and of its visitor's network (neither address nor user agent
 * leaves this process) and sent to the content service within a second (service/usage/record.ts),
 * which caps what one network adds to an article in a day, however many user agents it shows.
 * Behind a CDN that keeps pages, the requests for them never reach this process: with `beacon`
 * (USAGE_BEACON) an article's page is counted when the visitor's browser says it showed it
 * (`viewed`, app/components/usage-beacon.tsx), under the same rules, and only if the beacon comes
 * from the page itself: `Sec-Fetch-Site: same-origin` and the page's token, at most
 * BEACON_RATE.perMinute a minute per network. Galleys are still counted by request.
 */
import { createHash } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { pagePath } from "../../contract/page-path.ts";
import { routeEntry } from "../../contract/route-table.ts";
import { readBeaconBody } from "../../contract/usage-beacon.ts";
import type { Locale } from "../../i18n/locales.ts";
import { visitorNetwork } from "../visitor-network.ts";
import { isBeaconToken } from "./beacon-token.ts";
import type { UsageBatch, Use } from "./record.ts";
import { isRobot } from "./robots.ts";

/** COUNTER's double-click window. */
export const DOUBLE_CLICK_MS = 30_000;
/** The longest a counted use waits in memory before it is sent: what a crash (kill -9) can lose. */
export const SEND_WITHIN_MS = 1000;
/** After a batch the content service did not take, the next try waits this long, doubling up to the most. */
const RETRY_MS = { first: SEND_WITHIN_MS, most: 30_000 };
/** The most uses kept while the content service cannot take them; past it the oldest are dropped (and said). */
const PENDING_MAX = 20_000;
/**
 * Beacons taken per network (an IPv4 /24, an IPv6 /48) in a minute: a reader opens a page every few
 * seconds at most, a library behind one address a few more. Counted in this process; the cap per
 * article and day, which is what bounds the counts, holds across every process (record.ts).
 */
export const BEACON_RATE = { perMinute: 60, networksMax: 50_000 };

/** What a beacon is answered: 204 taken (counted, or not for COUNTER's own reasons), 403 not from the page, 429 too many. */
export type BeaconStatus = 204 | 403 | 429;

export interface UsageCounter {
  /** Counts the article pages and galleys a request is answered with (before the page cache, so kept pages count); with `beacon`, galleys only. */
  middleware(visitorIp: (c: Context) => string | undefined): MiddlewareHandler;
  /** Counts the article page a visitor's browser said it showed: `body` is the beacon's (contract/usage-beacon.ts). */
  viewed(c: Context, body: string, visitorIp: (c: Context) => string | undefined): BeaconStatus;
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
export function articleUse(path: string): Omit<Use, "at" | "visitor" | "network"> | undefined {
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

const digest = (text: string) => createHash("sha256").update(text).digest("hex");

export function usageCounter({
  send,
  secret,
  beacon = false,
  now = Date.now,
}: {
  send: (batch: UsageBatch) => Promise<unknown>;
  /** The forms' secret (FormsConfig), from which the pages' beacon tokens are made (service/usage/beacon-token.ts). */
  secret: string;
  /** Pages are counted from their beacon (`viewed`), not from the requests for them. */
  beacon?: boolean;
  now?: () => number;
}): UsageCounter {
  if (beacon && !secret) throw new Error("USAGE_BEACON needs the forms' secret to check the pages' tokens");
  let pending: Use[] = [];
  /** The last time each visitor asked for each counted URL, for the double-click rule. */
  let lastSeen = new Map<string, number>();
  /** Beacons per network in the current minute. */
  let beacons = { minute: 0, hits: new Map<string, number>() };
  let sending: Promise<void> | undefined;
  /** The next send, armed by the first use that waits for one (or by a failed send). */
  let timer: NodeJS.Timeout | undefined;
  let failures = 0;
  let stopped = false;

  const arm = (ms: number) => {
    if (timer || stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, ms);
    timer.unref();
  };
  const flush = async () => {
    await sending;
    if (pending.length === 0) return;
    const uses = pending;
    pending = [];
    sending = send({ uses }).then(
      () => {
        failures = 0;
      },
      (error: unknown) => {
        // Kept for the next batch: the content service may be back by then.
        pending = [...uses, ...pending];
        if (pending.length > PENDING_MAX) {
          console.warn(`usage: ${pending.length - PENDING_MAX} uses dropped, the content service has not taken them`);
          pending = pending.slice(-PENDING_MAX);
        }
        console.warn(`usage: ${uses.length} uses not sent yet: ${(error as Error).message}`);
        failures++;
        arm(Math.min(RETRY_MS.first * 2 ** (failures - 1), RETRY_MS.most));
      },
    );
    await sending;
    sending = undefined;
    // What a double click could still match: the last 30 seconds.
    const recent = now() - DOUBLE_CLICK_MS;
    lastSeen = new Map([...lastSeen].filter(([, at]) => at > recent));
  };
  /** Keeps a use unless a robot made it or it repeats the visitor's last one within 30 seconds. */
  const count = (c: Context, use: Omit<Use, "at" | "visitor" | "network">, visitorIp: (c: Context) => string | undefined) => {
    const agent = c.req.header("user-agent");
    if (isRobot(agent)) return;
    const address = visitorIp(c);
    const visitor = digest(`${address ?? ""}\n${agent ?? ""}`);
    const at = now();
    const key = `${visitor}\n${use.kind}\n${use.locale}\n${use.journal}\n${use.articleId}`;
    const last = lastSeen.get(key);
    lastSeen.set(key, at);
    if (last !== undefined && at - last < DOUBLE_CLICK_MS) return;
    pending.push({ ...use, at: new Date(at).toISOString(), visitor, network: digest(visitorNetwork(address)) });
    // Sent within a second, so that a crash loses no more (and nothing wakes the process while nobody reads).
    arm(SEND_WITHIN_MS);
  };
  /** Counts one beacon against its network's minute; false past BEACON_RATE.perMinute. */
  const takeBeacon = (network: string) => {
    const minute = Math.floor(now() / 60_000);
    if (beacons.minute !== minute || beacons.hits.size >= BEACON_RATE.networksMax) beacons = { minute, hits: new Map() };
    const hits = (beacons.hits.get(network) ?? 0) + 1;
    beacons.hits.set(network, hits);
    return hits <= BEACON_RATE.perMinute;
  };

  return {
    middleware: (visitorIp) => async (c, next) => {
      const use = c.req.method === "GET" ? articleUse(pagePath(c.req.url)) : undefined;
      await next();
      if (!use || (beacon && use.kind === "page") || (c.res.status !== 200 && c.res.status !== 304) || isPrefetch(c)) return;
      count(c, use, visitorIp);
    },
    viewed: (c, body, visitorIp) => {
      // Only a browser showing one of this site's pages says same-origin; a script can say it too,
      // but then it needs a page's token, and what it counts is capped (record.ts).
      if (c.req.header("sec-fetch-site") !== "same-origin") return 403;
      if (!takeBeacon(visitorNetwork(visitorIp(c)))) return 429;
      const beaconed = readBeaconBody(body);
      const use = beaconed && articleUse(beaconed.path);
      if (!beaconed || use?.kind !== "page" || !isBeaconToken(secret, beaconed.token, use, now())) return 403;
      count(c, use, visitorIp);
      return 204;
    },
    flush,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await flush();
    },
  };
}
