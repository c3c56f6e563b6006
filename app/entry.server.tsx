import { isbot } from "isbot";
import type { ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";

export { createLoaderContext } from "./context.server.ts";

/**
 * A request's path and query as the client sent them, for a log line: percent-escapes kept, so a
 * probe's `%0d%0a` cannot start a line of its own in a log read as text.
 */
const requestedPath = (url: string) => {
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`.slice(0, 300);
};

/**
 * What React Router reports of a request it could not serve. A 4xx of its own making (no route
 * matches the URL, a POST to a route without an action such as a form posted without `?index`) is
 * the client's doing, a probe or a stale link: one line at info, no stack, and the answer keeps
 * its status (404, 405). Anything else is ours, logged whole as React Router would (its inner
 * error, with the stack). A client gone before its answer is not logged here (server/log.ts says it).
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) {
    console.info(`${request.method} ${requestedPath(request.url)}: ${error.status} ${error.statusText}`);
    return;
  }
  // React Router's own error responses carry the error they were made from (not in their type).
  const cause = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  console.error(cause ?? error);
};

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
    // A crawler's 404 is a stale link, a line at info; a failure of ours is logged already (handleError).
    const log = status < 500 ? console.info : console.warn;
    log(`error ${status} for crawler at ${requestedPath(request.url)}: ${errorSummary(routerContext)}`);
    return new Response(null, { status, headers });
  }
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status, headers });

  const { html, shellStatus, allStatus } = await renderWhole(<ServerRouter context={routerContext} url={request.url} />, status);
  headers.set("Content-Type", "text/html; charset=utf-8");
  // One chunk in a stream: the cheapest body for what reads it next (React Router looks at the
  // answer, the server reads it whole for its policy); a byte body would be copied first.
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(html);
      controller.close();
    },
  });
  // A visitor's status is the shell's (an error in a part rendered after it is the browser's to
  // show); a crawler's counts every part, as when its page was streamed to the end before answering.
  return new Response(body, { headers, status: crawler ? allStatus : shellStatus });
}

/**
 * The page rendered to the end, as one buffer of UTF-8 bytes. The server reads every page whole
 * before answering (its policy hashes the inline scripts, the page cache keeps it), so nothing is
 * gained by streaming it: React renders it through Node's stream interface, cheaper than the web
 * streams', into an array of chunks, and the page is never one string (a page of more than 128 kB
 * is a large object, dear to allocate and to collect). A shell that fails rejects, as
 * renderToReadableStream did; a render still under way after the stream timeout is aborted.
 * Waiting for everything is what crawlers always got; with no deferred data, visitors' pages were
 * whole at the shell already, so the page is the same.
 */
function renderWhole(element: ReactNode, status: number): Promise<{ html: Uint8Array<ArrayBuffer>; shellStatus: number; allStatus: number }> {
  const { promise, resolve, reject } = Promise.withResolvers<{ html: Uint8Array<ArrayBuffer>; shellStatus: number; allStatus: number }>();
  let shellRendered = false;
  let shellStatus = status;
  const chunks: (string | Uint8Array)[] = [];
  let timer: NodeJS.Timeout | undefined;
  // What React writes to: it asks only for write, end, destroy and on (drain, error, close), never backs off.
  const destination = {
    write(chunk: string | Uint8Array) {
      chunks.push(chunk);
      return true;
    },
    end() {
      clearTimeout(timer);
      resolve({ html: concat(chunks), shellStatus, allStatus: status });
    },
    destroy(error: unknown) {
      clearTimeout(timer);
      reject(error);
    },
    on() {
      return destination;
    },
  };
  const { pipe, abort } = renderToPipeableStream(element, {
    // Every Suspense boundary in place, in the order of the page: past this many bytes React would
    // move a boundary's content to the end of the document, to be put in place by a script, which
    // only helps a page streamed as it renders. The boundaries are there to hydrate in parts.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onShellReady() {
      shellRendered = true;
      shellStatus = status;
    },
    onShellError(error: unknown) {
      clearTimeout(timer);
      reject(error);
    },
    onAllReady() {
      pipe(destination as unknown as NodeJS.WritableStream);
    },
    onError(error: unknown) {
      status = 500;
      if (shellRendered) console.error(error);
    },
  });
  timer = setTimeout(abort, streamTimeout + 1000);
  return promise;
}

/** The chunks React wrote (byte views, and its longer strings as they are) in one buffer. */
function concat(chunks: readonly (string | Uint8Array)[]): Uint8Array<ArrayBuffer> {
  let length = 0;
  for (const chunk of chunks) length += typeof chunk === "string" ? Buffer.byteLength(chunk) : chunk.byteLength;
  const buffer = Buffer.allocUnsafeSlow(length);
  let offset = 0;
  for (const chunk of chunks) {
    if (typeof chunk === "string") offset += buffer.write(chunk, offset);
    else {
      buffer.set(chunk, offset);
      offset += chunk.byteLength;
    }
  }
  return buffer.subarray(0, offset);
}

function errorSummary(context: EntryContext): string {
  const errors = Object.values(context.staticHandlerContext.errors ?? {});
  return errors.map((e) => (e instanceof Error ? e.message : JSON.stringify((e as { data?: unknown }).data ?? e))).join("; ") || "unknown";
}
