/**
 * The ceiling each benchmark target is read against: a bare node:http server that answers a path
 * with the status, headers and bytes the real server sent for it (captured once, with a browser's
 * headers), from memory. No framework, no routing, no cache, no compression: what this machine
 * and this load generator can do for those very bytes, so a target's req/s over its ceiling's
 * says what the site costs on top of moving them. Run by `startCeiling` in a process of its own,
 * as the real server is; it receives the answers over IPC, says its port, and exits when the
 * parent goes.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { RawResponse } from "./http.ts";

/** A captured answer, by the path (and query) it answers. */
export type CeilingAnswer = RawResponse & { path: string };

// node:http writes these for its own connection: the date, keep-alive, and the framing (a body
// given whole goes with Content-Length, where the real server may have streamed it chunked).
const OWN_HEADERS = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);

function serve(answers: CeilingAnswer[]) {
  // Each answer's header list is built once, flat ([name, value, name, value…]) as writeHead takes it.
  const byPath = new Map(
    answers.map(({ path, status, headers, body }) => {
      const kept = headers.filter(([name]) => !OWN_HEADERS.has(name.toLowerCase())).flat();
      return [path, { status, headers: [...kept, "Content-Length", String(body.length)], body: Buffer.from(body) }];
    }),
  );
  return http.createServer((request, response) => {
    const answer = byPath.get(request.url ?? "");
    if (!answer) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
  });
}

process.once("message", (answers: CeilingAnswer[]) => {
  const server = serve(answers).listen(0, "127.0.0.1", () => process.send?.({ port: (server.address() as AddressInfo).port }));
});
process.once("disconnect", () => process.exit(0));
