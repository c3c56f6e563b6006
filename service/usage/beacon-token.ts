/**
 * The token an article's page carries for its usage beacon (USAGE_BEACON; service/usage/counter.ts,
 * docs/decisions/041-counting-resists-one-client.md): an HMAC over the article and the minute the
 * page was made, so that a beacon counts only for the article whose page was fetched, and only for
 * a while after. The key is derived from the forms' secret (FORM_SECRET, which every worker and
 * every web host shares), under a name of its own: a form's token can never pass for a beacon's.
 *
 * It proves that someone fetched the page lately, not who: a page kept by a CDN carries one token
 * for everyone it is sent to. What stops one client from counting it again and again is the cap
 * per network (record.ts); the token only keeps a beacon from being made up without the page.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Locale } from "../../i18n/locales.ts";

/**
 * How long a page's token counts: the longest a page is kept (PAGE_CACHE_SECONDS, an hour at most,
 * then a minute served stale, by this process or a CDN following its Cache-Control) and some time to
 * open it.
 */
export const BEACON_TOKEN_LIFE_MS = 90 * 60_000;
/** Clocks of two web hosts may differ a little: a token up to this far ahead is taken. */
const CLOCK_SKEW_MS = 60_000;
const MINUTE_MS = 60_000;

/** The article a token is for, as the beacon's path names it (service/usage/counter.ts `articleUse`). */
export interface BeaconArticle {
  locale: Locale;
  journal: string;
  articleId: string;
}

/** The beacons' key, derived from the forms' secret. */
const keyOf = (secret: string) => createHmac("sha256", secret).update("usage beacon").digest();

const mac = (secret: string, minute: number, { locale, journal, articleId }: BeaconArticle) =>
  createHmac("sha256", keyOf(secret)).update(`${minute}\n${locale}\n${journal}\n${articleId}`).digest().subarray(0, 16);

/** The token for `article`'s page made at `now`: `{minute}.{128-bit HMAC, base64url}`. */
export function beaconToken(secret: string, article: BeaconArticle, now = Date.now()): string {
  const minute = Math.floor(now / MINUTE_MS);
  return `${minute}.${mac(secret, minute, article).toString("base64url")}`;
}

/** Whether `token` was made with `secret` for `article`'s page no longer than BEACON_TOKEN_LIFE_MS before `now`. */
export function isBeaconToken(secret: string, token: string, article: BeaconArticle, now = Date.now()): boolean {
  const match = /^(\d{1,12})\.([\w-]{22})$/.exec(token);
  if (!match) return false;
  const minute = Number(match[1]);
  const made = minute * MINUTE_MS;
  if (made > now + CLOCK_SKEW_MS || made < now - BEACON_TOKEN_LIFE_MS) return false;
  return timingSafeEqual(Buffer.from(match[2], "base64url"), mac(secret, minute, article));
}
