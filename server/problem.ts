/**
 * The answer to a request refused or failed before React Router rendered anything: the small page
 * of contract/problem-page.ts in the path's language, with a link home or, for a form's post,
 * back to the form.
 */
import { pagePath } from "../contract/page-path.ts";
import { problemPage } from "../contract/problem-page.ts";
import { href } from "../contract/route-table.ts";
import { type Locale, localeOfPath } from "../i18n/locales.ts";
import { messages } from "../i18n/messages/index.ts";

type Texts = (typeof messages)[Locale];

export function problemAnswer(
  url: string,
  status: number,
  say: (t: Texts) => string,
  { toForm = false, headers = {} }: { toForm?: boolean; headers?: Record<string, string> } = {},
): Response {
  const locale = localeOfPath(new URL(url).pathname);
  const t = messages[locale];
  const page = toForm
    ? problemPage(locale, say(t), pagePath(url), t.forms.problems.backToForm)
    : problemPage(locale, say(t), href("home", {}, locale), t.errors.backHome);
  return new Response(page, { status, headers: { "Content-Type": "text/html; charset=UTF-8", ...headers } });
}
