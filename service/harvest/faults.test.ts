/**
 * A faulty source, served by a local HTTP server (node:http, real sockets): 500s, a `503` with
 * `Retry-After`, a connection reset in the middle of a page, a resumption token the repository
 * no longer knows, a record that is not well-formed XML, and a stall longer than the pull waits.
 * The pull retries, resumes, or fails cleanly, and a failed pull leaves the folder as it was.
 *
 * Then the faults a pull must not outlast (decision 042): resumption tokens that never end or come
 * round again, a 503 for ever, a list short of the size it announced or cut off; each ends within
 * its budget, fails saying what it read, writes nothing and keeps the next pull's starting day. And
 * a first pull over hand-typed articles, which it updates rather than copies, and a pull killed
 * (kill -9) while writing, which the next one undoes.
 *
 * The repository answers Dublin Core in the shape of this site's own /oai (service/oai/dublin-core.ts):
 * six records, two per page, the token being the next page's number.
 */
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { parse, stringify } from "yaml";
import { copySmallCatalogue } from "../../tests/small-catalogue.ts";
import type { ArticleFile, IssueFile } from "../content/schema.ts";
import { HarvestError, OaiClient } from "./oai-client.ts";
import { type PullResult, pullContent } from "./pull.ts";
import { readStates } from "./state.ts";

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
/** A page of a list: its records, and its resumption token (empty at the end) with the list's size when given. */
const listPage = (records: string, token: string, size?: number) =>
  envelope(
    `<ListRecords>${records}<resumptionToken${size === undefined ? "" : ` completeListSize="${size}"`}>${token}</resumptionToken></ListRecords>`,
  );
const pageRecords = (n: number, brokenRecord?: number) =>
  Array.from({ length: PAGE }, (_, i) => record(n * PAGE + 1 + i, n * PAGE + 1 + i === brokenRecord)).join("");
const page = (n: number, brokenRecord?: number) => listPage(pageRecords(n, brokenRecord), (n + 1) * PAGE < RECORDS ? String(n + 1) : "", RECORDS);

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
    // The client's wait on a clock the test moves (and the server reads): a second passes when the test says so.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const askedAt: number[] = [];
    faults = [
      (_req, _res, params) => {
        if (isPage(1)(params)) askedAt.push(Date.now());
        return undefined;
      },
      times(1, isPage(1), (res) => res.writeHead(503, { "Retry-After": "1" }).end()),
    ];
    try {
      let told: (waitMs: number) => void = () => {};
      const waiting = new Promise<number>((resolve) => (told = resolve));
      const reading = identifiers(new OaiClient(base, { ...fast, onRetry: (_reason, waitMs) => told(waitMs) }));
      expect(await waiting).toBe(1000);
      await vi.advanceTimersByTimeAsync(1000);
      expect(await reading).toEqual(all);
      // Page 1 asked for again a second after the 503, not before.
      expect(askedAt.map((at) => at - askedAt[0])).toEqual([0, 1000]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("asks again for a page whose connection was reset halfway", async () => {
    faults = [
      times(1, isPage(1), (res) => {
        res.writeHead(200, { "Content-Type": "text/xml", "Content-Length": "100000" });
        // Cut once the first 300 bytes are on their way: the client has part of the page.
        res.write(page(1).slice(0, 300), () => res.socket?.destroy());
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
    await copySmallCatalogue(root);
    const file = path.join(root, "journals", JOURNAL, "journal.yaml");
    const journal = parse(await readFile(file, "utf8"));
    journal.source = { oai: base };
    await writeFile(file, stringify(journal));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  const contents = async () => Promise.all((await readdir(issueDir())).sort().map((f) => readFile(path.join(issueDir(), f), "utf8")));

  it("leaves the folder untouched when the source stalls past the pull's timeout", async () => {
    const before = await contents();
    // Page 2 is never answered: only the pull's own timeout ends each try.
    faults = [times(Number.POSITIVE_INFINITY, isPage(2), () => {})];
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

describe("a pull's limits, against a source that would keep it going or feed it a list cut short", () => {
  let root: string;
  const journalDir = () => path.join(root, "journals", JOURNAL);
  /** The journal's files as a pull found them: every issue file, and the article folders' names. */
  const folder = async () => ({
    issues: await Promise.all(
      (await readdir(path.join(journalDir(), "issues"))).sort().map((f) => readFile(path.join(journalDir(), "issues", f), "utf8")),
    ),
    articles: (await readdir(path.join(journalDir(), "articles"))).sort(),
  });
  const lastSuccess = "2026-01-01T08:00:00.000Z";

  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), "limits-"));
    await copySmallCatalogue(root);
    const file = path.join(journalDir(), "journal.yaml");
    const journal = parse(await readFile(file, "utf8"));
    journal.source = { oai: base };
    await writeFile(file, stringify(journal));
    // A pull succeeded on 1 January: the next asks for what changed since.
    await mkdir(path.join(root, ".harvest"));
    const state = { source: base, lastAttempt: lastSuccess, lastSuccess, from: "2026-01-01", last: {} };
    await writeFile(path.join(root, ".harvest", `${JOURNAL}.json`), JSON.stringify(state));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  /** The pull failed, saying why, within `withinMs`; wrote nothing, left no work folder, and starts from 1 January again next time. */
  async function failedCleanly(run: () => Promise<PullResult>, why: RegExp, withinMs = 10_000) {
    const before = await folder();
    const started = Date.now();
    const result = await run();
    expect(Date.now() - started).toBeLessThan(withinMs);
    expect(result.ok).toBe(false);
    const [journal] = result.journals;
    expect(journal.error).toMatch(why);
    // An incremental pull: from the last success's day.
    expect(new Set(requests.filter((r) => r.startsWith("verb=ListRecords&metadataPrefix")))).toEqual(
      new Set(["verb=ListRecords&metadataPrefix=oai_dc&from=2026-01-01"]),
    );
    expect(await folder()).toEqual(before);
    expect(await readdir(path.join(root, ".harvest"))).toEqual([`${JOURNAL}.json`]);
    const state = (await readStates(root))[JOURNAL];
    expect([state.from, state.lastSuccess, state.last.error]).toEqual(["2026-01-01", lastSuccess, journal.error]);
    return journal;
  }
  const isList = (params: URLSearchParams) => params.get("verb") === "ListRecords";
  const answer = (body: string) => (res: ServerResponse) => res.writeHead(200, { "Content-Type": "text/xml" }).end(body);

  /** Every page names a next one: 1, 2, 3, … for ever. */
  const endlessTokens: Fault = (_req, res, params) => {
    if (!isList(params)) return undefined;
    const n = Number(params.get("resumptionToken") ?? 0);
    answer(listPage(pageRecords(n % 3), String(n + 1)))(res);
    return true;
  };

  it("stops a list whose resumption tokens never end at the source's request budget", async () => {
    faults = [endlessTokens];
    const journal = await failedCleanly(
      () => pullContent({ root, client: { ...fast, maxRequests: 30 } }),
      /^127\.0\.0\.1:\d+: 30 requests sent, this source's request budget; read 56 records, and the pull of this source stops here$/,
    );
    expect(journal.requests).toBe(30);
    expect(requests).toHaveLength(30);
  });

  it("stops a list whose resumption tokens never end at the source's time budget", async () => {
    // Every answer takes the repository a second, on a clock the test keeps: the budget is eight
    // answers' time (and each request's own timeout, a second or more, is real time to spare).
    vi.useFakeTimers({ toFake: ["Date"] });
    const slowly: Fault = (req, res, params) => {
      vi.setSystemTime(Date.now() + 1000);
      return endlessTokens(req, res, params);
    };
    faults = [slowly];
    try {
      const journal = await failedCleanly(
        () => pullContent({ root, client: { ...fast, budgetMs: 8000 } }),
        /^127\.0\.0\.1:\d+: this source's time budget of 8\.0 s is spent; read 12 records, and the pull of this source stops here$/,
      );
      expect(journal.requests).toBe(8);
      expect(journal.ms).toBe(8000);
    } finally {
      vi.useRealTimers();
    }
  });

  it("fails on a resumption token sent a second time, without asking for it again", async () => {
    // Page 1 names itself as the next page.
    faults = [times(1, isPage(1), answer(listPage(pageRecords(1), "1", RECORDS)))];
    await failedCleanly(
      () => pullContent({ root, client: fast }),
      /^the repository sent the resumption token "1" a second time: its list would never end; read 4 of 6 records/,
    );
    expect(requests.filter((r) => r === "verb=ListRecords&resumptionToken=1")).toHaveLength(1);
  });

  it("ends a source that answers 503 with Retry-After for ever, after a bounded number of waits", async () => {
    faults = [times(Number.POSITIVE_INFINITY, isPage(0), (res) => res.writeHead(503, { "Retry-After": "0" }).end())];
    await failedCleanly(
      () => pullContent({ root, client: fast }),
      /^127\.0\.0\.1:\d+ answered ListRecords with HTTP 503 and Retry-After 11 times; read 0 records/,
    );
    // The default bound: ten waits, then the pull gives up.
    expect(requests.filter((r) => r.startsWith("verb=ListRecords"))).toHaveLength(11);
  });

  it("spends Retry-After waits from the time budget, and fails rather than wait past it", async () => {
    faults = [times(Number.POSITIVE_INFINITY, isPage(1), (res) => res.writeHead(503, { "Retry-After": "2" }).end())];
    // The waits on a clock the test moves: each passes as soon as the pull says it waits.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const waitOut = (line: string) => {
      const wait = / trying again in ([\d.]+) s$/.exec(line);
      if (wait) void Promise.resolve().then(() => vi.advanceTimersByTimeAsync(Number(wait[1]) * 1000));
    };
    try {
      await failedCleanly(
        () => pullContent({ root, log: waitOut, client: { ...fast, budgetMs: 5000 } }),
        /^HTTP 503, Retry-After: waiting 2\.0 s would pass this source's time budget of 5\.0 s \(1\.0 s left\); read 2 of 6 records/,
      );
    } finally {
      vi.useRealTimers();
    }
    // Two waits of two seconds, and the third refused.
    expect(requests.filter((r) => r === "verb=ListRecords&resumptionToken=1")).toHaveLength(3);
  });

  it("fails on a list that ends short of its completeListSize (5 of 25), and asks for it again from the same day", async () => {
    const five = Array.from({ length: 5 }, (_, i) => record(i + 1)).join("");
    faults = [times(1, isPage(0), answer(listPage(five, "", 25)))];
    await failedCleanly(
      () => pullContent({ root, client: fast }),
      /^the list ended early; read 5 of 25 records \(the size it announced\), so the rest is asked for again next time$/,
    );
    // The next pull asks from the last success's day, and takes the whole list.
    requests = [];
    const again = await pullContent({ root, client: fast });
    expect(again.ok).toBe(true);
    expect(requests).toContain("verb=ListRecords&metadataPrefix=oai_dc&from=2026-01-01");
    expect(again.journals[0].added).toBe(RECORDS);
    expect((await readStates(root))[JOURNAL].from).toBe("2026-11-25");
  });

  it.each([
    ["cut off in its second record", page(1).slice(0, page(1).indexOf("</record>") + 400)],
    ["not well-formed outside its records", page(1).replace("</ListRecords>", "</ListRecord>")],
  ])("fails on a page %s, saying what it read", async (_, body) => {
    faults = [times(1, isPage(1), answer(body))];
    const journal = await failedCleanly(
      () => pullContent({ root, client: fast }),
      /^a ListRecords answer is cut off or not well-formed XML outside its records \(.+\); read [34] of 6 records, the last page's whole ones included$/,
    );
    expect(journal.rejected).toEqual([]);
  });
});

describe("a first pull over hand-typed articles", () => {
  let root: string;
  const journalDir = () => path.join(root, "journals", JOURNAL);
  const articleDir = (id: string) => path.join(journalDir(), "articles", id);
  const RENT_GAPS = "rent-gaps-and-tenant-displacement-in-yeldegirmeni-istanbul";
  const NEIGHBOURHOOD = "neighbourhood-ties-among-syrian-refugee-women-in-gaziantep";
  const PDF = Buffer.concat([Buffer.from("%PDF-1.7\n% harvested\n"), Buffer.alloc(500, 32)]);
  const origin = () => new URL(base).origin;

  /** A Dublin Core record of an article of the demo's volume 13, issue 2. */
  const dcRecord = (n: number, { title, creators, doi }: { title: string; creators: string[]; doi?: string }) =>
    `<record><header><identifier>oai:faulty.example:article/${n}</identifier><datestamp>2026-02-01</datestamp></header>
<metadata><oai_dc:dc xmlns:oai_dc="http://www.openarchives.org/OAI/2.0/oai_dc/" xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:title xml:lang="en">${title}</dc:title>${creators.map((c) => `<dc:creator>${c}</dc:creator>`).join("")}
<dc:description xml:lang="en">The abstract as the journal system has it.</dc:description><dc:date>2024-12-25</dc:date><dc:type>research-article</dc:type>
${doi ? `<dc:identifier>https://doi.org/${doi}</dc:identifier>` : ""}<dc:identifier>https://faulty.example/article/${n}</dc:identifier>
<dc:relation>${origin()}/galley/${n}.pdf</dc:relation><dc:format>application/pdf</dc:format>
<dc:source xml:lang="en">Journal of Social Inquiry, 13(2), 187-208</dc:source><dc:language>en</dc:language></oai_dc:dc></metadata></record>`;
  // The same DOI, its title as the source writes it; and no DOI, the title in capitals and with other punctuation, the same authors.
  const records = () =>
    dcRecord(1, {
      title: "Rent Gaps and Tenant Displacement in Yeldeğirmeni (Istanbul)",
      creators: ["Ertürk, Deniz", "Karaman, Selin"],
      doi: "10.5555/jsi.2024.13.2.1",
    }) +
    dcRecord(2, {
      title: "NEIGHBOURHOOD TIES AND ACCESS TO SUPPORT AMONG SYRIAN REFUGEE WOMEN IN GAZIANTEP - A SOCIAL NETWORK ANALYSIS",
      creators: ["Al-Khatib, Rana", "Baysal, Oya", "Reinhardt, Thomas"],
    });

  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), "hand-typed-"));
    await copySmallCatalogue(root);
    const file = path.join(journalDir(), "journal.yaml");
    const journal = parse(await readFile(file, "utf8"));
    journal.source = { oai: base };
    await writeFile(file, stringify(journal));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  const issue = async () => parse(await readFile(path.join(journalDir(), "issues", "v13-n2.yaml"), "utf8")) as IssueFile;

  it("updates the article with the same DOI, and the one with the same title and authors, in their own entries and folders", async () => {
    const articles = (await readdir(path.join(journalDir(), "articles"))).sort();
    const ids = (await issue()).articles.map((a) => a.id);
    faults = [times(Number.POSITIVE_INFINITY, isPage(0), (res) => res.writeHead(200, { "Content-Type": "text/xml" }).end(listPage(records(), "")))];
    const result = await pullContent({ root, client: fast });
    expect(result.problems).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.journals[0]).toMatchObject({ read: 2, added: 0, updated: 2 });
    // No second copy: the same folders, the same entries.
    expect((await readdir(path.join(journalDir(), "articles"))).sort()).toEqual(articles);
    const after = await issue();
    expect(after.articles.map((a) => a.id)).toEqual(ids);
    const rentGaps = after.articles.find((a) => a.id === RENT_GAPS) as ArticleFile;
    const neighbourhood = after.articles.find((a) => a.id === NEIGHBOURHOOD) as ArticleFile;
    expect(rentGaps.sourceId).toBe("oai:faulty.example:article/1");
    expect(neighbourhood.sourceId).toBe("oai:faulty.example:article/2");
    // The record's fields are the source's; what the editor added that the record lacks stays.
    expect(rentGaps.en.title).toBe("Rent Gaps and Tenant Displacement in Yeldeğirmeni (Istanbul)");
    expect(rentGaps.authors[0]).toMatchObject({ family: "Ertürk", orcid: "0000-0003-8068-0247" });
    expect(neighbourhood.doi).toBe("10.5555/jsi.2024.13.2.3");
    // Pulled again, the records are known by their identifiers: nothing changes.
    const again = await pullContent({ root, client: fast });
    expect(again.journals[0]).toMatchObject({ read: 2, added: 0, updated: 0 });
    expect(again.files).toBe(0);
  });

  it("undoes what a pull killed (kill -9) while writing had written, at the next pull's start", async () => {
    const original = await readFile(path.join(articleDir(RENT_GAPS), "galley.pdf"));
    const stalled = Promise.withResolvers<void>();
    faults = [
      times(Number.POSITIVE_INFINITY, isPage(0), (res) => res.writeHead(200, { "Content-Type": "text/xml" }).end(listPage(records(), ""))),
      (req, res) => {
        if (req.url === "/galley/1.pdf") {
          res.writeHead(200, { "Content-Type": "application/pdf" }).end(PDF);
          return true;
        }
        if (req.url !== "/galley/2.pdf") return undefined;
        stalled.resolve(); // the first galley is written, the second never arrives
        return true;
      },
    ];
    const child = spawn(process.execPath, ["service/harvest/pull-command.ts", "--folder", root, "--galleys"], {
      env: { ...process.env, CONTENT_DIR: "" },
      stdio: "ignore",
    });
    const exited = new Promise((resolve) => child.on("exit", resolve));
    await stalled.promise;
    child.kill("SIGKILL");
    await exited;
    // Half-written: the hand-typed galley replaced, the pull's folders left behind.
    expect(await readFile(path.join(articleDir(RENT_GAPS), "galley.pdf"))).toEqual(PDF);
    expect((await readdir(path.join(root, ".harvest"))).sort()).toEqual([`undo-${child.pid}`, `work-${JOURNAL}-${child.pid}`]);

    faults = [times(Number.POSITIVE_INFINITY, isPage(0), (res) => res.writeHead(500).end())];
    const lines: string[] = [];
    const result = await pullContent({ root, client: { ...fast, retries: 0 }, log: (line) => lines.push(line) });
    expect(result.ok).toBe(false);
    expect(lines).toContain(`a pull that did not finish (process ${child.pid}) wrote 1 file(s): put back as they were`);
    expect(lines).toContain(`removed work-${JOURNAL}-${child.pid}, left by a pull that did not finish (process ${child.pid})`);
    expect(await readFile(path.join(articleDir(RENT_GAPS), "galley.pdf"))).toEqual(original);
    expect(await readdir(path.join(root, ".harvest"))).toEqual([`${JOURNAL}.json`]);
  }, 60_000);
});
