/**
 * `npm run content:pull`, as an editor runs it: against a source answering as OJS 3.5 does
 * (tests/fixtures/oai/ojs-3.5, over HTTP), a source that fails, and a bad argument.
 */
import { spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rename, rm, symlink, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { copySmallCatalogue } from "../../tests/small-catalogue.ts";

const fixtures = path.resolve(import.meta.dirname, "../../tests/fixtures/oai/ojs-3.5");
const JOURNAL = "journal-of-social-inquiry";
let server: Server;
let root: string;

beforeAll(async () => {
  // /ok answers from the fixtures; /gone is not there (a 404 is not retried).
  server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname.startsWith("/gone")) return void res.writeHead(404).end();
    const verb = url.searchParams.get("verb");
    const file = verb === "ListRecords" ? `ListRecords-jats-${url.searchParams.has("resumptionToken") ? 2 : 1}.xml` : `${verb}.xml`;
    res.writeHead(200, { "Content-Type": "text/xml" }).end(await readFile(path.join(fixtures, file)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  root = await mkdtemp(path.join(tmpdir(), "pull-command-"));
  await copySmallCatalogue(root);
});
afterAll(async () => {
  server.close();
  await rm(root, { recursive: true, force: true });
});

async function nameSource(route: string) {
  const file = path.join(root, "journals", JOURNAL, "journal.yaml");
  const journal = parse(await readFile(file, "utf8"));
  journal.source = { oai: `http://127.0.0.1:${(server.address() as AddressInfo).port}/${route}/oai` };
  await writeFile(file, stringify(journal));
}

/** The command in a process of its own (the test's server answers meanwhile). */
function pull(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["service/harvest/pull-command.ts", "--folder", root, ...args], {
      env: { ...process.env, CONTENT_DIR: "" },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("exit", (status) => resolve({ status, stdout, stderr }));
  });
}

describe("content:pull", () => {
  it("pulls, says what it did per journal, and exits 0", async () => {
    await nameSource("ok");
    const result = await pull("--journal", JOURNAL);
    expect(result.status).toBe(0);
    expect(result.stderr).toMatch(/journal-of-social-inquiry: .*, jats, everything/);
    expect(result.stdout).toMatch(
      /^journal-of-social-inquiry \(http:\/\/127\.0\.0\.1:\d+\/ok\/oai, jats, next from \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\): 5 read, 4 added, 0 updated, 0 unchanged, 0 withdrawn, 0 rejected; 4 requests in \d+\.\d s$/m,
    );
    expect(result.stdout).toMatch(/^\d+ file\(s\) written$/m);
    // Again: the next pull starts where this one did, and finds nothing new to write.
    const again = await pull("--journal", JOURNAL, "--since", "2020-01-01");
    expect(again.stdout).toMatch(/5 read, 0 added, 0 updated, 4 unchanged/);
    expect(again.stdout).toMatch(/^0 file\(s\) written$/m);
  });

  it("says which source failed and why, and exits 1", async () => {
    await nameSource("gone");
    const result = await pull("--journal", JOURNAL);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(
      /^journal-of-social-inquiry \(http:\/\/127\.0\.0\.1:\d+\/gone\/oai\): failed: 127\.0\.0\.1:\d+ answered HTTP 404 to Identify; 0 read/m,
    );
  });

  it("pulls nothing into a folder holding a symbolic link, so nothing is written outside it, and exits 1", async () => {
    await nameSource("ok");
    const articles = path.join(root, "journals", JOURNAL, "articles");
    const outside = await mkdtemp(path.join(tmpdir(), "pull-outside-"));
    await rename(articles, `${articles}.kept`);
    await symlink(outside, articles);
    try {
      const result = await pull("--journal", JOURNAL, "--since", "2020-01-01");
      expect(result.status).toBe(1);
      expect(result.stdout).toContain(`journals/${JOURNAL}/articles: a symbolic link`);
      expect(await readdir(outside)).toEqual([]);
    } finally {
      await rm(articles);
      await rename(`${articles}.kept`, articles);
      await rm(outside, { recursive: true });
    }
  });

  it("refuses a --since that is not a day or a time, with exit 2", async () => {
    const result = await pull("--since", "yesterday");
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("--since takes a day (YYYY-MM-DD) or a UTC time (YYYY-MM-DDThh:mm:ssZ)");
  });
});
