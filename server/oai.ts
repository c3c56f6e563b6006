/**
 * The OAI-PMH repository as the site serves it at /oai: the content service's (service/oai), in
 * this process, or over API_URL when the content service runs elsewhere. Harvesters know the
 * site's address only, so the site answers for the repository in both cases.
 */
import { Hono } from "hono";
import { oaiBodyLimit } from "../service/oai/app.ts";

export type OaiHandler = (request: Request) => Promise<Response>;

export const inProcessOai =
  (app: Hono): OaiHandler =>
  async (request) =>
    app.fetch(request);

/** Forwards a request to the repository of the content service at `apiUrl` (GET's query, POST's form). */
export function forwardedOai(apiUrl: string): OaiHandler {
  return async (request) => {
    const target = new URL(`/oai${new URL(request.url).search}`, apiUrl);
    const contentType = request.headers.get("content-type");
    try {
      const response = await fetch(target, {
        method: request.method,
        headers: contentType ? { "Content-Type": contentType } : {},
        body: request.method === "POST" ? await request.arrayBuffer() : undefined,
        signal: AbortSignal.timeout(30_000),
      });
      // A new response with the type (and a 503's Retry-After) only: fetch has already decoded a compressed body.
      const headers = new Headers();
      for (const name of ["Content-Type", "Retry-After"]) {
        const value = response.headers.get(name);
        if (value) headers.set(name, value);
      }
      return new Response(request.method === "HEAD" ? null : await response.arrayBuffer(), { status: response.status, headers });
    } catch (error) {
      console.error(`OAI-PMH: the content service at ${apiUrl} did not answer:`, error);
      return new Response("The repository is not available at the moment. Please try again later.", {
        status: 503,
        headers: { "Retry-After": "60" },
      });
    }
  };
}

/** /oai: harvesters' requests (GET, or POST with a small form) go to the repository as they are. */
export function oaiApp(oai: OaiHandler): Hono {
  const app = new Hono();
  app.all("/oai", oaiBodyLimit, (c) => oai(c.req.raw));
  return app;
}
