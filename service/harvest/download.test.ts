/**
 * What `--galleys` and a body's figures take from a source (a local HTTP server): a PDF from the
 * source's own host, within the size limit, of a PDF's type and first bytes; nothing else.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DownloadRules, download } from "./download.ts";

const PDF = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(2000, 32)]);
let server: Server;
let host: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    switch (req.url) {
      case "/galley.pdf":
        return void res.writeHead(200, { "Content-Type": "application/pdf" }).end(PDF);
      case "/page.html":
        return void res.writeHead(200, { "Content-Type": "text/html" }).end("<html>a viewer page</html>");
      case "/fake.pdf":
        return void res.writeHead(200, { "Content-Type": "application/pdf" }).end("<html>not a PDF</html>");
      case "/unsized.pdf":
        // No Content-Length: the limit is kept by counting what arrives.
        res.writeHead(200, { "Content-Type": "application/pdf" });
        res.write(PDF);
        return void res.end(PDF);
      default:
        return void res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

const rules = (): DownloadRules => ({ host, maxBytes: 3000, types: ["application/pdf"], magic: "%PDF-", timeoutMs: 2000 });

describe("a file the pull copies from its source", () => {
  it("is taken when it is a PDF from the source's host within the limit", async () => {
    expect(Buffer.from((await download(`http://${host}/galley.pdf`, rules())) as Uint8Array)).toEqual(PDF);
  });

  it("is refused from another host, of another type, with other first bytes, too large, or missing", async () => {
    expect(await download(`http://localhost:${host.split(":")[1]}/galley.pdf`, rules())).toMatch(/is not the source's host/);
    expect(await download(`http://${host}/page.html`, rules())).toBe("its type is text/html");
    expect(await download(`http://${host}/fake.pdf`, rules())).toBe("not a PDF file");
    expect(await download(`http://${host}/galley.pdf`, { ...rules(), maxBytes: 1000 })).toBe("larger than 1000 bytes");
    expect(await download(`http://${host}/unsized.pdf`, rules())).toBe("larger than 3000 bytes");
    expect(await download(`http://${host}/missing.pdf`, rules())).toBe("HTTP 404");
  });
});
