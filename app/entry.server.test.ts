/**
 * Hostile and mistaken requests (a probe for `/%0d%0a`, a form posted without `?index`) are the
 * client's doing: React Router's own 404 and 405 for them reach handleError, which logs one line
 * at info, without a stack, while a failure of ours is still logged as an error with its stack.
 * The errors are React Router's own, made by its static handler on a route table of the site's shape.
 */
import { createStaticHandler, isRouteErrorResponse, RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { handleError } from "./entry.server.tsx";

const routes = [
  {
    id: "root",
    path: "/",
    children: [
      // A form's screen: its layout has no action, its index route has.
      { id: "contact.en", path: "contact-us", loader: () => null, children: [{ id: "contact.form", index: true, action: () => null }] },
      {
        id: "broken",
        path: "broken",
        loader: () => {
          throw new Error("a bug of ours");
        },
      },
    ],
  },
];

/** React Router's answer to `request`, and what handleError wrote of each error, by console level. */
async function answer(request: Request) {
  const lines = { info: [] as string[], warn: [] as string[], error: [] as unknown[] };
  vi.spyOn(console, "info").mockImplementation((line: string) => lines.info.push(line));
  vi.spyOn(console, "warn").mockImplementation((line: string) => lines.warn.push(line));
  vi.spyOn(console, "error").mockImplementation((line: unknown) => lines.error.push(line));
  const context = await createStaticHandler(routes).query(request);
  if (context instanceof Response) throw new Error("a redirect");
  for (const error of Object.values(context.errors ?? {})) {
    if (!isRouteErrorResponse(error) || (error as { error?: unknown }).error)
      handleError(error, { request, params: {}, context: new RouterContextProvider() });
  }
  return { status: context.statusCode, lines };
}

const stack = /\n\s+at /;

describe("React Router's errors in the log", () => {
  afterEach(() => vi.restoreAllMocks());

  it("logs a form posted without ?index as one info line, no stack, answered 405", async () => {
    const { status, lines } = await answer(new Request("https://site.example/contact-us", { method: "POST", body: new URLSearchParams({ a: "b" }) }));
    expect(status).toBe(405);
    expect(lines.error).toEqual([]);
    expect(lines.info).toEqual(["POST /contact-us: 405 Method Not Allowed"]);
  });

  it("logs a probe of a path no route matches as one info line, its escapes kept, answered 404", async () => {
    const { status, lines } = await answer(new Request("https://site.example/%0d%0aSet-Cookie:%20x=1"));
    expect(status).toBe(404);
    expect(lines.error).toEqual([]);
    expect(lines.info).toEqual(["GET /%0d%0aSet-Cookie:%20x=1: 404 Not Found"]);
    expect(lines.info.join("")).not.toMatch(/[\r\n]|\n\s+at /);
  });

  it("still logs a failure of ours as an error, with its stack", async () => {
    const { status, lines } = await answer(new Request("https://site.example/broken"));
    expect(status).toBe(500);
    expect(lines.info).toEqual([]);
    expect(lines.error).toHaveLength(1);
    expect((lines.error[0] as Error).stack).toMatch(stack);
  });

  it("logs nothing for a client that went away", async () => {
    const gone = new AbortController();
    const request = new Request("https://site.example/broken", { signal: gone.signal });
    gone.abort();
    const lines = { info: vi.spyOn(console, "info"), error: vi.spyOn(console, "error") };
    handleError(new Error("aborted"), { request, params: {}, context: new RouterContextProvider() });
    expect(lines.info).not.toHaveBeenCalled();
    expect(lines.error).not.toHaveBeenCalled();
  });
});
