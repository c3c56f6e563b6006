/**
 * A faulty source, served by a local HTTP server (node:http, real sockets): 500s, a `503` with
 * `Retry-After`, a connection reset in the middle of a page, a resumption token the repository
 * no longer knows, a record that is not well-formed XML, and a stall longer than the pull waits.
 * The pull retries, resumes, or fails cleanly, and a failed pull leaves the folder as it was.
 *
 * The repository answers Dublin Core in the shape of this site's own /oai (service/oai/dublin-core.ts):
 * six records, two per page, the token being the next page's number.
 */
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { HarvestError, OaiClient } from "./oai-client.ts";
import { pullContent } from "./pull.ts";
import { readStates } from "./state.ts";

const demoDir = path.resolve(import.meta.dirname, "../../content/demo");
const JOURNAL = "journal-of-social-inquiry";
const RECORDS = 6;
const PAGE = 2;

const record = (
  n: number,
  broken = false,
) => `<record><header><identifier>oai:faulty.example:article/${n}</identifier><datestamp>2026-0${(n % 9) + 1}-15</datestamp></header>
<metadata><oai_dc:dc xmlns:oai_dc="http://www.openarchives.org/OAI/2.0/oai_dc/" xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:title xml:lang="en">Harvested article ${n}</dc:title><dc:title xml:lang="tr">Hasat edilen makale ${n}: ığüşöç İĞÜŞÖÇ</dc:title>
<dc:creator>Öztürk, Ayşe</dc:creator><dc:subject xml:lang="en">harvesting</dc:subject><dc:subject xml:lang="tr">hasat</dc:subject>
<dc:description xml:lang="en">An abstract of article ${n}.</dc:description><dc:description xml:lang="tr">Makale ${n} için bir öz${broken ? "</dc:title>" : ""}.</dc:description>
<dc:date>2026-06-${String(10 + n).padStart(2, "0")}</dc:date><dc:type>research-article</dc:type><dc:identifier>https://faulty.example/article/${n}</dc:identifier>
<dc:source xml:lang="en">Journal of Social Inquiry, 40(2), ${n * 10}-${n * 10 + 9}</dc:source><dc:language>en</dc:language></oai_dc:dc></metadata></record>`;

const envelope = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/"><responseDate>2026-11-25T10:00:00Z</responseDate><request>http://faulty.example/oai</request>${body}</OAI-PMH>`;

const identify = envelope(
  `<Identify><repositoryName>Faulty</repositoryName><baseURL>http://faulty.example/oai</baseURL><protocolVersion>2.0</protocolVersion><adminEmail>a@faulty.example</adminEmail><earliestDatestamp>2020-01-01</earliestDatestamp><deletedRecord>persistent</deletedRecord><granularity>YYYY-MM-DD</granularity></Identify>`,
);
const formats = envelope(
  `<ListMetadataFormats><metadataFormat><metadataPrefix>oai_dc</metadataPrefix><schema>http://www.openarchives.org/OAI/2.0/oai_dc.xsd</schema><metadataNamespace>http://www.openarchives.org/OAI/2.0/oai_dc/</metadataNamespace></metadataFormat></ListMetadataFormats>`,
);
const page = (n: number, brokenRecord?: number) => {
  const first = n * PAGE + 1;
  const records = Array.from({ length: PAGE }, (_, i) => record(first + i, first + i === brokenRecord)).join("");
  const token =
    first + PAGE <= RECORDS ? `<resumptionToken completeListSize="${RECORDS}" cursor="${n * PAGE}">${n + 1}</resumptionToken>` : "<resumptionToken/>";
  return envelope(`<ListRecords>${records}${token}</ListRecords>`);
};

/** What the server does to a request: answer normally (undefined), or fail in some way. */
type Fault = (req: IncomingMessage, res: ServerResponse, params: URLSearchParams) => boolean | undefined;
let faults: Fault[] = [];
let requests: string[] = [];
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const params = new URL(req.url ?? "/", "http://x").searchParams;
    requests.push(params.toString());
    for (const fault of faults) if (fault(req, res, params)) return;
    const verb = params.get("verb");
    const body = verb === "Identify" ? identify : verb === "ListMetadataFormats" ? formats : page(Number(params.get("resumptionToken") ?? 0));
    res.writeHead(200, { "Content-Type": "text/xml; charset=utf-8" }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/oai`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});
afterEach(() => {
  faults = [];
  requests = [];
});

/** Fails the first `times` requests that match. */
function times(count: number, when: (params: URLSearchParams) => boolean, act: (res: ServerResponse) => void): Fault {
  let left = count;
  return (_req, res, params) => {
    if (left === 0 || !when(params)) return undefined;
    left--;
    act(res);
    return true;
  };
}
const isPage = (n: number) => (params: URLSearchParams) =>
  n === 0 ? params.get("verb") === "ListRecords" && !params.has("resumptionToken") : params.get("resumptionToken") === String(n);

const fast = { backoffMs: 10, timeoutMs: 2000, retries: 3 };

async function identifiers(client: OaiClient) {
  const seen: string[] = [];
  for await (const item of client.listRecords({ metadataPrefix: "oai_dc" }))
    seen.push(item.kind === "record" ? item.identifier : `unreadable ${item.identifier}`);
  return seen;
}
const all = Array.from({ length: RECORDS }, (_, i) => `oai:faulty.example:article/${i + 1}`);

describe("the OAI-PMH client, against a faulty source", () => {
  it("reads every page, following resumption tokens to the empty one", async () => {
    expect(await identifiers(new OaiClient(base, fast))).toEqual(all);
    expect(requests.length).toBe(RECORDS / PAGE);
  });

  it("retries 500s with back-off and goes on", async () => {
    faults = [times(2, isPage(1), (res) => res.writeHead(500).end("oops"))];
    expect(await identifiers(new OaiClient(base, fast))).toEqual(all);
    expect(requests.filter((r) => r.includes("resumptionToken=1")).length).toBe(3);
  });

  it("waits out a 503's Retry-After before asking again", async () => {
    faults = [times(1, isPage(1), (res) => res.writeHead(503, { "Retry-After": "1" }).end())];
    const started = Date.now();
    expect(await identifiers(new OaiClient(base, fast))).toEqual(all);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it("asks again for a page whose connection was reset halfway", async () => {
    faults = [
      times(1, isPage(1), (res) => {
        res.writeHead(200, { "Content-Type": "text/xml", "Content-Length": "100000" });
        res.write(page(1).slice(0, 300));
        setTimeout(() => res.socket?.destroy(), 20);
      }),
    ];
    expect(await identifiers(new OaiClient(base, fast))).toEqual(all);
  });

  it("starts the list again when the repository no longer knows its resumption token", async () => {
    faults = [
      times(1, isPage(2), (res) =>
        res.writeHead(200, { "Content-Type": "text/xml" }).end(envelope('<error code="badResumptionToken">expired</error>')),
      ),
    ];
    const seen = await identifiers(new OaiClient(base, fast));
    // The first pages come twice; every record is there.
    expect(new Set(seen)).toEqual(new Set(all));
    expect(seen.length).toBe(RECORDS + 2 * PAGE);
  });

  it("reports a record that is not well-formed XML by its identifier, and reads the others", async () => {
    faults = [times(1, isPage(1), (res) => res.writeHead(200, { "Content-Type": "text/xml" }).end(page(1, 4)))];
    expect(await identifiers(new OaiClient(base, fast))).toEqual(all.map((id) => (id.endsWith("/4") ? `unreadable ${id}` : id)));
  });

  it("gives up on a source that stalls past the timeout on every try", async () => {
    faults = [(_req, _res, params) => (isPage(1)(params) ? true : undefined)]; // never answers
    const client = new OaiClient(base, { backoffMs: 10, timeoutMs: 300, retries: 1 });
    await expect(identifiers(client)).rejects.toThrow(/did not answer ListRecords after 2 tries: no answer within 300 ms/);
  });

  it("fails on a protocol error it cannot get past", async () => {
    faults = [
      times(1, isPage(0), (res) =>
        res.writeHead(200, { "Content-Type": "text/xml" }).end(envelope('<error code="cannotDisseminateFormat">no</error>')),
      ),
    ];
    await expect(identifiers(new OaiClient(base, fast))).rejects.toBeInstanceOf(HarvestError);
  });
});

describe("a pull from a faulty source", () => {
  let root: string;
  const issueDir = () => path.join(root, "journals", JOURNAL, "issues");

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "faults-"));
    await cp(demoDir, root, { recursive: true });
    const file = path.join(root, "journals", JOURNAL, "journal.yaml");
    const journal = parse(await readFile(file, "utf8"));
    journal.source = { oai: base };
    await writeFile(file, stringify(journal));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  const contents = async () => Promise.all((await readdir(issueDir())).sort().map((f) => readFile(path.join(issueDir(), f), "utf8")));

  it("leaves the folder untouched when the source stalls (a 30-second stall, past the pull's timeout)", async () => {
    const before = await contents();
    faults = [
      times(Number.POSITIVE_INFINITY, isPage(2), (res) => {
        const stall = setTimeout(() => res.end(), 30_000);
        res.on("close", () => clearTimeout(stall));
      }),
    ];
    const result = await pullContent({ root, client: { backoffMs: 10, timeoutMs: 500, retries: 1 } });
    expect(result.ok).toBe(false);
    expect(result.journals[0].error).toMatch(/no answer within 500 ms/);
    expect(await contents()).toEqual(before);
    expect(await readdir(path.join(root, "journals", JOURNAL, "articles"))).not.toContain("harvested-article-1");
    const state = (await readStates(root))[JOURNAL];
    expect(state.lastSuccess).toBeUndefined();
    expect(state.last.error).toMatch(/no answer/);
  });

  it("after 500s, a reset and a lost token, writes each article once, Turkish intact, and reports the broken record", async () => {
    faults = [
      times(1, isPage(0), (res) => res.writeHead(502).end()),
      times(1, isPage(1), (res) => res.socket?.destroy()),
      times(1, isPage(2), (res) => res.writeHead(200, { "Content-Type": "text/xml" }).end(envelope('<error code="badResumptionToken"/>'))),
      // Record 3 is broken at the source: every time its page is sent.
      times(Number.POSITIVE_INFINITY, isPage(1), (res) => res.writeHead(200, { "Content-Type": "text/xml" }).end(page(1, 3))),
    ];
    const result = await pullContent({ root, client: fast });
    expect(result.problems).toEqual([]);
    const [journal] = result.journals;
    expect(journal.rejected).toEqual([{ identifier: "oai:faulty.example:article/3", reason: expect.stringMatching(/^not well-formed XML/) }]);
    expect(journal.added).toBe(RECORDS - 1);
    const issue = parse(await readFile(path.join(issueDir(), "v40-n2.yaml"), "utf8"));
    expect(issue.articles.map((a: { id: string }) => a.id).sort()).toEqual([1, 2, 4, 5, 6].map((n) => `harvested-article-${n}`));
    expect(issue.articles[0].tr.title).toBe("Hasat edilen makale 1: ığüşöç İĞÜŞÖÇ");
    expect(issue.articles[0].authors).toEqual([{ given: "Ayşe", family: "Öztürk" }]);
    const state = (await readStates(root))[JOURNAL];
    expect(state.from).toBe("2026-11-25");
    expect(state.lastSuccess).toBeDefined();
  });
});
