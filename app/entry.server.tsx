import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { fullPath } from "../contract/full-path.ts";

export { createLoaderContext } from "./context.server.ts";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  _loadContext: RouterContextProvider,
) {
  const userAgent = request.headers.get("user-agent");
  const crawler = Boolean(userAgent && isbot(userAgent));
  // Crawlers get the right status but no error page; the error is only logged. A form's answer
  // with a 4xx (its errors beside the fields) is a page, not an error, and is rendered for anyone.
  if (crawler && routerContext.staticHandlerContext.errors) {
    console.warn(`error ${status} for crawler at ${fullPath(request.url)}: ${errorSummary(routerContext)}`);
    return new Response(null, { status, headers });
  }
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status, headers });

  let shellRendered = false;
  const body = await renderToReadableStream(<ServerRouter context={routerContext} url={request.url} />, {
    signal: AbortSignal.timeout(streamTimeout + 1000),
    onError(error: unknown) {
      status = 500;
      if (shellRendered) console.error(error);
    },
  });
  shellRendered = true;
  if (crawler) await body.allReady;
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers, status });
}

function errorSummary(context: EntryContext): string {
  const errors = Object.values(context.staticHandlerContext.errors ?? {});
  return errors.map((e) => (e instanceof Error ? e.message : JSON.stringify((e as { data?: unknown }).data ?? e))).join("; ") || "unknown";
}
