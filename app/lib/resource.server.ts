/**
 * A resource route's loader (a feed, a sitemap, a reference download): its file, or, when the
 * content could not be read, a 503 page asking to come back later (the server adds Retry-After),
 * any other failure a 500 page; never a stack trace.
 */
import type { LoaderFunctionArgs } from "react-router";
import { problemPage } from "../../contract/problem-page.ts";
import { href } from "../../contract/route-table.ts";
import { localeOfPath } from "../../i18n/locales.ts";
import { messages } from "../../i18n/messages/index.ts";
import { isContentUnavailable } from "../../service/api/client.ts";
import { loaderBase } from "./load.server.ts";

type Answer = (args: LoaderFunctionArgs & ReturnType<typeof loaderBase> & { path: string }) => Promise<Response>;

export function resourceLoader(answer: Answer) {
  return async (args: LoaderFunctionArgs): Promise<Response> => {
    const { request, context } = args;
    const path = new URL(request.url).pathname;
    try {
      return await answer({ ...args, ...loaderBase(request, context), path });
    } catch (error) {
      // The client went away: nobody reads the answer.
      if (request.signal.aborted) throw error;
      const unavailable = isContentUnavailable(error);
      if (unavailable) console.warn(`${request.method} ${path}: content unavailable: ${(error as Error).message}`);
      else console.error(`${request.method} ${path} failed:`, error);
      const locale = localeOfPath(path);
      const t = messages[locale].errors;
      const page = problemPage(locale, unavailable ? t.unavailable : t.serverError, href("home", {}, locale), t.backHome);
      return new Response(page, {
        status: unavailable ? 503 : 500,
        headers: { "Content-Type": "text/html; charset=UTF-8", "Cache-Control": "no-store" },
      });
    }
  };
}
