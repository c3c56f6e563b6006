import { data } from "react-router";
import { fullPath } from "../../contract/full-path.ts";
import { pagePath } from "../../contract/page-path.ts";
import { format } from "../../i18n/format.ts";
import { localeOfPath } from "../../i18n/locales.ts";
import { messages } from "../../i18n/messages/index.ts";
import type { Route } from "./+types/not-found";

/** Any path no screen matches: the specification's non-fatal 404 "Page not found: {full path}". */
export function loader({ request }: Route.LoaderArgs) {
  const locale = localeOfPath(pagePath(request.url));
  throw data(format(messages[locale].errors.notFound, { path: fullPath(request.url) }), { status: 404 });
}

export default function NotFound() {
  return null;
}
