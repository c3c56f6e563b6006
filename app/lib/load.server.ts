/** Small helpers the loaders share: the API client, the locale and the 404 of an unknown slug. */
import { data, type RouterContextProvider } from "react-router";
import { fullPath } from "../../contract/full-path.ts";
import { pagePath } from "../../contract/page-path.ts";
import { format } from "../../i18n/format.ts";
import { type Locale, localeOfPath } from "../../i18n/locales.ts";
import { messages } from "../../i18n/messages/index.ts";
import { isContentUnavailable, namesNothing } from "../../service/api/client.ts";
import { apiContext, siteConfigContext } from "../context.server.ts";

/** The API client, the page's locale and the site's public origin (PUBLIC_URL, else the request's). */
export function loaderBase(request: Request, context: Readonly<RouterContextProvider>) {
  const locale: Locale = localeOfPath(pagePath(request.url));
  return { api: context.get(apiContext), locale, origin: context.get(siteConfigContext).publicUrl ?? new URL(request.url).origin };
}

/** The specification's 404 for a route whose parameters name nothing: "Page Not Found: {full path}". */
export function notFound(request: Request): never {
  const locale = localeOfPath(pagePath(request.url));
  throw data(format(messages[locale].errors.slugNotFound, { path: fullPath(request.url) }), { status: 404 });
}

/**
 * Awaits a detail; an unknown slug or a malformed parameter (`namesNothing`) becomes the
 * specification's 404 "Page Not Found: {full path}", a content service that could not answer a
 * 503 whose page asks the visitor to try again in a moment (server/site.ts adds Retry-After).
 */
export async function orNotFound<T>(request: Request, promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (namesNothing(error)) notFound(request);
    if (isContentUnavailable(error)) {
      console.warn(`content unavailable: ${error.message}`);
      throw data(messages[localeOfPath(pagePath(request.url))].errors.unavailable, { status: 503 });
    }
    throw error;
  }
}

/** Awaits a list; a fetch that failed (not one that named nothing) gives `null`, which the page shows as a localized message. */
export async function orUnavailable<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch (error) {
    if (isContentUnavailable(error) && !namesNothing(error)) {
      console.warn(`content list unavailable: ${error.message}`);
      return null;
    }
    throw error;
  }
}
