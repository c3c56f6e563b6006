import { closeSync, existsSync, openSync, readFileSync, readSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { CompiledQuery, sql } from "kysely";
import { ParseOption, XmlDocument, XsdValidator, xmlRegisterInputProvider } from "libxml2-wasm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { licenceUrl } from "../../contract/licence.ts";
import { testDatabases } from "../../tests/databases.ts";
import { demoBundle } from "../../tests/demo-snapshot.ts";
import { renderFullText } from "../content/full-text.ts";
import { importContent } from "../content/import.ts";
import type { ArticleFile, ReferenceEntry } from "../content/schema.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { today } from "../published.ts";
import { createOaiApp } from "./app.ts";
import { pageQuery } from "./records.ts";

const PUBLIC_URL = "https://www.meridianpress.example";
const BASE_URL = `${PUBLIC_URL}/oai`;
const PAGE_SIZE = 40;
const OAI_NS = "http://www.openarchives.org/OAI/2.0/";
/** The setSpec syntax of the protocol's schema (setSpecType). */
const SET_SPEC = /^[A-Za-z0-9\-_.!~*'()]+(:[A-Za-z0-9\-_.!~*'()]+)*$/;
const RESPONSE_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const CREDIT = "https://credit.niso.org/";

const shiftDay = (day: string, days: number) => new Date(Date.parse(day) + days * 86_400_000).toISOString().slice(0, 10);
const yesterday = shiftDay(today(), -1);
/** The day the forthcoming article is published: ten days from now. */
const forthcomingOn = shiftDay(today(), 10);

/**
 * The demo catalogue, with one issue's articles made into the cases the records must carry:
 * markup-like characters (and a control character) in one article's title; a corrected article
 * with a multi-word family name, a one-name author, CRediT roles, ROR affiliations, funding, its
 * own licence, references and a full text; the correction notice that names it; a withdrawn
 * article; and an article published ten days from now.
 */
const bundle = demoBundle();
const home = bundle.journals[0];
const trickyJournal = home.journal;
const issue = home.issues[0];
const [tricky, scholar, withdrawn] = issue.articles;
const ours = new Set([tricky.id, scholar.id, withdrawn.id]);
// No other article names these, so their relations are the ones given here.
for (const { articles } of home.issues) {
  for (const a of articles) a.relations = a.relations.filter((r) => !("article" in r) || !ours.has(r.article.split("/")[1]));
}
const trickyTitle = `Fish & Chips <b>"quoted"</b> 'and' ]]> done`;
Object.assign(tricky, { status: "published", relations: [], licence: undefined, modifiedOn: undefined });
tricky.en.title = `${trickyTitle}\u0001`;
home.articleFiles.set(tricky.id, { references: [], fullText: null, galleys: [{ kind: "pdf", file: "galley.pdf", bytes: 1000 }] });

const metu = { name: "Middle East Technical University", ror: "014weej12", country: "TR" };
Object.assign(scholar, {
  type: "research-article",
  status: "corrected",
  doi: "10.55555/oai-test.scholar",
  relations: [],
  modifiedOn: yesterday,
  licence: { name: "CC BY-NC 4.0", url: "https://creativecommons.org/licenses/by-nc/4.0/" },
  copyright: { holder: "The Authors", year: 2025 },
  funding: [
    { funder: "TÜBİTAK", funderId: "https://doi.org/10.13039/501100004410", awards: ["122K456", "123K789"] },
    { funder: "Kadir Has Foundation", funderId: "https://ror.org/01b2p0e24", awards: ["KHF-7"] },
    { funder: "A & B Trust", awards: [] },
  ],
  authors: [
    {
      given: "Zeynep",
      family: "Aktaş Karaca",
      orcid: "0000-0002-1825-0097",
      email: "zeynep.karaca@example.edu.tr",
      corresponding: true,
      roles: ["conceptualization", "writing-review-editing"],
      affiliations: [metu],
    },
    {
      family: "Suharto",
      email: "suharto@example.org",
      corresponding: false,
      roles: ["formal-analysis"],
      affiliations: [metu, { name: "Independent scholar" }],
    },
  ],
} satisfies Partial<ArticleFile>);
const references: ReferenceEntry[] = [
  {
    id: "smith2020",
    text: "Smith, J. (2020). Cities & memory. Urban Studies, 57(2), 3–14. https://doi.org/10.1177/0042098019000001",
    type: "journal-article",
    authors: [{ given: "J.", family: "Smith" }],
    doi: "10.1177/0042098019000001",
  },
  { id: "doe2019", text: "Doe, A. (2019). A book. Publisher.", type: "book", authors: [{ family: "Doe" }], doi: "10.5555/book.2019" },
  { id: "web2021", text: "Municipal plans. (2021). https://example.org/plans", type: "web", authors: [], url: "https://example.org/plans" },
];
home.articleFiles.set(scholar.id, {
  references,
  fullText: renderFullText({
    source: {
      markdown:
        "## Introduction\n\nEarlier work [@smith2020] and [@doe2019], and the plans [@web2021].\n\n$$\ny = ax + b\n$$\n\n::: figure fig-sites\n![A map of the study sites](figures/sites.svg)\nThe study sites.\n:::\n",
    },
    language: scholar.language,
    referenceIds: references.map((r) => r.id),
    // As the folder reader gives it: relative to the article's page.
    figureUrl: (file) => `${scholar.id}/${file}`,
  }),
  galleys: [],
});
/** A correction notice without a DOI, naming the scholar's article. */
const notice: ArticleFile = {
  ...structuredClone(scholar),
  id: "oai-test-correction-notice",
  type: "correction",
  status: "published",
  doi: undefined,
  modifiedOn: undefined,
  publishedOn: yesterday,
  relations: [{ type: "corrects", article: `${issue.id}/${scholar.id}` }],
  licence: undefined,
  funding: [],
};
notice.en.title = "Correction to the scholar's article";
withdrawn.status = "withdrawn";
const forthcoming: ArticleFile = {
  ...structuredClone(tricky),
  id: "oai-test-forthcoming-article",
  doi: undefined,
  publishedOn: forthcomingOn,
};
forthcoming.en.title = "An article not yet published";
issue.articles.push(notice, forthcoming);

type Node = Record<string, unknown>;
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  alwaysCreateTextNode: true,
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
});
const all = (node: Node | undefined, name: string) => (node?.[name] as Node[] | undefined) ?? [];
function one(node: Node | undefined, name: string): Node {
  const children = all(node, name);
  if (children.length !== 1) throw new Error(`expected one <${name}>, found ${children.length}`);
  return children[0];
}
const textOf = (node: Node | undefined) => String(node?.["#text"] ?? "");
const texts = (node: Node | undefined, name: string) => all(node, name).map(textOf);
/** dc elements of one language. */
const inLanguage = (node: Node, name: string, lang: string) =>
  all(node, name)
    .filter((n) => n["@xml:lang"] === lang)
    .map(textOf);

/**
 * The JATS 1.3 Journal Publishing schema (with MathML 3 and ALI), as Crossref ships it for its
 * deposits (service/exports/xsd/crossref): the draft 1.3d2, in Crossref's namespace. A record is
 * checked in that namespace instead of OJS's, and as of that draft's version.
 */
const XSD_DIR = new URL("../exports/xsd/crossref/", import.meta.url);
const JATS_XSD = new URL("JATS-journalpublishing1-3d2-mathml3.xsd", XSD_DIR);
const MATHML_REMOTE = "http://www.w3.org/Math/XMLSchema/mathml3/";
let jatsValidator: XsdValidator | undefined;
function jatsProblems(record: string): string[] {
  if (!jatsValidator) {
    const local = (location: string) => {
      const url = location.startsWith(MATHML_REMOTE)
        ? new URL(`standard-modules/mathml3/${location.slice(MATHML_REMOTE.length)}`, XSD_DIR)
        : location;
      return String(url).startsWith(XSD_DIR.href) ? fileURLToPath(url) : null;
    };
    xmlRegisterInputProvider({
      match: (location) => local(location) !== null,
      open: (location) => {
        const file = local(location);
        return file === null ? undefined : openSync(file, "r");
      },
      read: (fd, buffer) => readSync(fd, buffer, 0, buffer.byteLength, null),
      close: (fd) => {
        closeSync(fd);
        return true;
      },
    });
    jatsValidator = XsdValidator.fromDoc(XmlDocument.fromBuffer(readFileSync(JATS_XSD), { url: JATS_XSD.href, option: ParseOption.XML_PARSE_NONET }));
  }
  const inCrossrefTerms = record
    .replace(' xmlns="http://jats.nlm.nih.gov"', ' xmlns="http://www.ncbi.nlm.nih.gov/JATS1"')
    .replace(' dtd-version="1.3"', ' dtd-version="1.3d2"');
  const document = XmlDocument.fromString(inCrossrefTerms, {
    option: ParseOption.XML_PARSE_NONET,
  });
  try {
    jatsValidator.validate(document);
    return [];
  } catch (error) {
    const details = (error as { details?: { line: number; message: string }[] }).details ?? [];
    return details.length > 0 ? details.map((d) => `${d.line}: ${d.message.trim()}`) : [String(error)];
  } finally {
    document.dispose();
  }
}

for (const database of testDatabases()) {
  describe(`OAI-PMH repository on ${database.dialect}`, () => {
    let handle: DatabaseHandle;
    let app: ReturnType<typeof createOaiApp>;

    /** Sends a request (GET with a query, or POST with a form body) and checks the envelope every answer has. */
    async function oai(args: string, method: "GET" | "POST" = "GET") {
      const response =
        method === "GET"
          ? await app.request(`/oai?${args}`)
          : await app.request("/oai", { method, body: args, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/xml; charset=utf-8");
      const xml = await response.text();
      expect(XMLValidator.validate(xml)).toBe(true);
      const root = one(parser.parse(xml) as Node, "OAI-PMH");
      expect(root["@xmlns"]).toBe(OAI_NS);
      expect(String(root["@xsi:schemaLocation"])).toContain(`${OAI_NS} http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd`);
      const responseDate = textOf(one(root, "responseDate"));
      expect(responseDate).toMatch(RESPONSE_DATE);
      expect(Math.abs(Date.parse(responseDate) - Date.now())).toBeLessThan(60_000);
      const request = one(root, "request");
      expect(textOf(request)).toBe(BASE_URL);
      const errors = all(root, "error");
      const attributes = Object.fromEntries(
        Object.entries(request)
          .filter(([k]) => k.startsWith("@"))
          .map(([k, v]) => [k.slice(1), v]),
      );
      return { root, request: attributes, errors: errors.map((e) => ({ code: String(e["@code"]), message: textOf(e) })), xml };
    }
    async function expectError(args: string, code: string, method: "GET" | "POST" = "GET") {
      const { root, errors, request } = await oai(args, method);
      expect(errors.map((e) => e.code)).toEqual([code]);
      expect(errors[0].message.length).toBeGreaterThan(0);
      // Besides the envelope, an error answer holds nothing else.
      expect(Object.keys(root).filter((k) => !k.startsWith("@") && !["responseDate", "request", "error"].includes(k))).toEqual([]);
      return request;
    }
    /** Walks a list to its end through the resumption tokens, checking cursor and size on the way. */
    async function walk(verb: "ListIdentifiers" | "ListRecords", args: string) {
      const items: Node[] = [];
      let query = `verb=${verb}&${args}`;
      let expectedSize: number | undefined;
      for (let pages = 0; pages < 1000; pages++) {
        const { root, errors } = await oai(query);
        expect(errors).toEqual([]);
        const list = one(root, verb);
        const pageItems = all(list, verb === "ListRecords" ? "record" : "header");
        expect(pageItems.length).toBeGreaterThan(0);
        expect(pageItems.length).toBeLessThanOrEqual(PAGE_SIZE);
        const token = all(list, "resumptionToken")[0];
        if (!token) {
          expect(items).toEqual([]);
          return { items: pageItems, pages: 1 };
        }
        expect(Number(token["@cursor"])).toBe(items.length);
        expectedSize ??= Number(token["@completeListSize"]);
        expect(Number(token["@completeListSize"])).toBe(expectedSize);
        items.push(...pageItems);
        if (textOf(token) === "") {
          expect(items.length).toBe(expectedSize);
          return { items, pages: pages + 1 };
        }
        expect(pageItems.length).toBe(PAGE_SIZE);
        query = `verb=${verb}&resumptionToken=${encodeURIComponent(textOf(token))}`;
      }
      throw new Error("the list never ended");
    }
    /** The published articles (dated today or earlier), as the repository sees them. */
    const articles = () => handle.db.selectFrom("article").where("publishedOn", "<=", today());
    const count = async (where: (q: ReturnType<typeof articles>) => ReturnType<typeof articles> = (q) => q) =>
      Number(
        (
          await where(articles())
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const identifierOf = (journalId: string, articleId: string) => `oai:www.meridianpress.example:article/${journalId}/${articleId}`;
    const landingPageOf = (articleId: string) => `${PUBLIC_URL}/journals/${trickyJournal.en.slug}/articles/${issue.id}/${articleId}`;
    const getRecord = async (articleId: string, prefix: "oai_dc" | "jats") => {
      const { root, errors } = await oai(
        `verb=GetRecord&metadataPrefix=${prefix}&identifier=${encodeURIComponent(identifierOf(trickyJournal.id, articleId))}`,
      );
      expect(errors).toEqual([]);
      return one(one(root, "GetRecord"), "record");
    };
    const jatsOf = async (articleId: string) => one(one(await getRecord(articleId, "jats"), "metadata"), "article");
    const dcOf = async (articleId: string) => one(one(await getRecord(articleId, "oai_dc"), "metadata"), "oai_dc:dc");

    beforeAll(async () => {
      handle = await database.open();
      await importContent(handle.db, bundle);
      app = createOaiApp(handle.db, { publicUrl: PUBLIC_URL, pageSize: PAGE_SIZE });
    });
    afterAll(() => handle.db.destroy());
    afterEach(() => {
      vi.useRealTimers();
    });

    it("identifies the repository: base URL, protocol version, contact, earliest datestamp, persistent deletions and day granularity", async () => {
      const { root, request } = await oai("verb=Identify");
      expect(request).toEqual({ verb: "Identify" });
      const identify = one(root, "Identify");
      expect(textOf(one(identify, "repositoryName"))).toBe("Meridian Academic Publishing");
      expect(textOf(one(identify, "baseURL"))).toBe(BASE_URL);
      expect(textOf(one(identify, "protocolVersion"))).toBe("2.0");
      const operations = await handle.db.selectFrom("department").where("id", "=", "journal-operations").select("email").executeTakeFirstOrThrow();
      expect(texts(identify, "adminEmail")).toEqual([operations.email]);
      const earliest = await articles()
        .select((eb) => eb.fn.min("datestamp").as("d"))
        .executeTakeFirstOrThrow();
      expect(textOf(one(identify, "earliestDatestamp"))).toBe(earliest.d);
      expect(textOf(one(identify, "deletedRecord"))).toBe("persistent");
      expect(textOf(one(identify, "granularity"))).toBe("YYYY-MM-DD");
      const description = one(one(identify, "description"), "oai-identifier");
      expect(textOf(one(description, "repositoryIdentifier"))).toBe("www.meridianpress.example");
      const sample = textOf(one(description, "sampleIdentifier"));
      expect(sample).toMatch(/^oai:www\.meridianpress\.example:article\/[^/]+\/[^/]+$/);
      // The sample is a real item.
      expect((await oai(`verb=GetRecord&metadataPrefix=oai_dc&identifier=${encodeURIComponent(sample)}`)).errors).toEqual([]);
    });

    it("offers oai_dc and JATS, for the repository and for an item; an unknown item is idDoesNotExist", async () => {
      const identifier = identifierOf(trickyJournal.id, tricky.id);
      for (const args of ["verb=ListMetadataFormats", `verb=ListMetadataFormats&identifier=${encodeURIComponent(identifier)}`]) {
        const { root } = await oai(args);
        const formats = all(one(root, "ListMetadataFormats"), "metadataFormat");
        expect(formats.map((f) => textOf(one(f, "metadataPrefix")))).toEqual(["oai_dc", "jats"]);
        expect(textOf(one(formats[0], "schema"))).toBe("http://www.openarchives.org/OAI/2.0/oai_dc.xsd");
        expect(textOf(one(formats[0], "metadataNamespace"))).toBe("http://www.openarchives.org/OAI/2.0/oai_dc/");
        expect(textOf(one(formats[1], "schema"))).toBe("https://jats.nlm.nih.gov/publishing/1.3/xsd/JATS-journalpublishing1-3.xsd");
      }
      const request = await expectError(`verb=ListMetadataFormats&identifier=${encodeURIComponent(`${identifier}-gone`)}`, "idDoesNotExist");
      expect(request).toEqual({ verb: "ListMetadataFormats", identifier: `${identifier}-gone` });
    });

    it("lists one set per journal under the set of all journals", async () => {
      const { root } = await oai("verb=ListSets");
      const sets = all(one(root, "ListSets"), "set").map((s) => ({ spec: textOf(one(s, "setSpec")), name: textOf(one(s, "setName")) }));
      for (const set of sets) expect(set.spec).toMatch(SET_SPEC);
      const journals = await handle.db
        .selectFrom("journalText")
        .where("locale", "=", "en")
        .select(["journalId", "title"])
        .orderBy("journalId")
        .execute();
      expect(sets).toEqual([{ spec: "journal", name: "Journals" }, ...journals.map((j) => ({ spec: `journal:${j.journalId}`, name: j.title }))]);
      await expectError("verb=ListSets&resumptionToken=abc", "badResumptionToken");
    });

    it("pages every published article's header through resumption tokens, each once, in datestamp order, the withdrawn ones deleted", async () => {
      const { items, pages } = await walk("ListIdentifiers", "metadataPrefix=oai_dc");
      const total = await count();
      expect(pages).toBe(Math.ceil(total / PAGE_SIZE));
      expect(items.length).toBe(total);
      const identifiers = items.map((h) => textOf(one(h, "identifier")));
      expect(new Set(identifiers).size).toBe(total);
      const rows = await articles().select(["journalId", "id", "status", "datestamp"]).execute();
      expect(new Set(identifiers)).toEqual(new Set(rows.map((r) => identifierOf(r.journalId, r.id))));
      const datestamps = items.map((h) => textOf(one(h, "datestamp")));
      expect(datestamps).toEqual([...datestamps].sort());
      // Each header's datestamp is its record's last change.
      const datestampOf = new Map(rows.map((r) => [identifierOf(r.journalId, r.id), r.datestamp]));
      for (const header of items) expect(textOf(one(header, "datestamp"))).toBe(datestampOf.get(textOf(one(header, "identifier"))));
      for (const header of items) {
        const [, journalId] = /article\/([^/]+)\//.exec(textOf(one(header, "identifier"))) ?? [];
        expect(texts(header, "setSpec")).toEqual([`journal:${journalId}`]);
      }
      const deleted = items.filter((h) => h["@status"] !== undefined);
      expect(deleted.every((h) => h["@status"] === "deleted")).toBe(true);
      expect(new Set(deleted.map((h) => textOf(one(h, "identifier"))))).toEqual(
        new Set(rows.filter((r) => r.status === "withdrawn").map((r) => identifierOf(r.journalId, r.id))),
      );
      expect(identifiers).toContain(identifierOf(trickyJournal.id, withdrawn.id));
    });

    it("lists a journal's records only for its set, through POST as through GET", async () => {
      const journalId = bundle.journals[1].journal.id;
      const { items } = await walk("ListRecords", `metadataPrefix=oai_dc&set=journal:${journalId}`);
      expect(items.length).toBe(await count((q) => q.where("journalId", "=", journalId)));
      for (const record of items) expect(texts(one(record, "header"), "setSpec")).toEqual([`journal:${journalId}`]);
      const get = await oai(`verb=ListIdentifiers&metadataPrefix=oai_dc&set=journal:${journalId}`);
      const post = await oai(`verb=ListIdentifiers&metadataPrefix=oai_dc&set=journal:${journalId}`, "POST");
      expect(post.request).toEqual({ verb: "ListIdentifiers", metadataPrefix: "oai_dc", set: `journal:${journalId}` });
      expect(post.root.ListIdentifiers).toEqual(get.root.ListIdentifiers);
      // The parent set holds every article.
      expect((await walk("ListIdentifiers", "metadataPrefix=oai_dc&set=journal")).items.length).toBe(await count());
    });

    it("selects by inclusive from and until days of the datestamps", async () => {
      const days = (await articles().select("datestamp").orderBy("datestamp").execute()).map((r) => r.datestamp);
      const from = days[Math.floor(days.length / 4)];
      const until = days[Math.floor((3 * days.length) / 4)];
      const cases = [
        { args: `from=${from}`, expected: days.filter((d) => d >= from).length },
        { args: `until=${until}`, expected: days.filter((d) => d <= until).length },
        { args: `from=${from}&until=${until}`, expected: days.filter((d) => d >= from && d <= until).length },
        { args: `from=${from}&until=${from}`, expected: days.filter((d) => d === from).length },
        // The corrected article's datestamp is its change, later than its publication.
        { args: `from=${yesterday}`, expected: days.filter((d) => d >= yesterday).length },
      ];
      for (const { args, expected } of cases) {
        const { items } = await walk("ListIdentifiers", `metadataPrefix=oai_dc&${args}`);
        expect(items.length).toBe(expected);
        const datestamps = items.map((h) => textOf(one(h, "datestamp")));
        if (args.includes("from")) expect(datestamps.every((d) => d >= (args === `from=${yesterday}` ? yesterday : from))).toBe(true);
      }
      const recent = (await walk("ListIdentifiers", `metadataPrefix=oai_dc&from=${yesterday}`)).items.map((h) => textOf(one(h, "identifier")));
      expect(recent).toContain(identifierOf(trickyJournal.id, scholar.id));
      expect(scholar.publishedOn < yesterday).toBe(true);
      const before = new Date(Date.parse(days[0]) - 86_400_000).toISOString().slice(0, 10);
      const request = await expectError(`verb=ListRecords&metadataPrefix=oai_dc&until=${before}`, "noRecordsMatch");
      expect(request).toEqual({ verb: "ListRecords", metadataPrefix: "oai_dc", until: before });
      await expectError("verb=ListRecords&metadataPrefix=oai_dc&set=journal:no-such-journal", "noRecordsMatch");
    });

    it("describes an article in Dublin Core: both languages, creators, keywords, abstract, identifiers, source, rights, PDF", async () => {
      const identifier = identifierOf(trickyJournal.id, tricky.id);
      const { root, request } = await oai(`verb=GetRecord&metadataPrefix=oai_dc&identifier=${encodeURIComponent(identifier)}`);
      expect(request).toEqual({ verb: "GetRecord", metadataPrefix: "oai_dc", identifier });
      const record = one(one(root, "GetRecord"), "record");
      const header = one(record, "header");
      expect(header["@status"]).toBeUndefined();
      expect(textOf(one(header, "identifier"))).toBe(identifier);
      expect(textOf(one(header, "datestamp"))).toBe(tricky.publishedOn);
      const dc = one(one(record, "metadata"), "oai_dc:dc");
      expect(dc["@xmlns:oai_dc"]).toBe("http://www.openarchives.org/OAI/2.0/oai_dc/");
      expect(dc["@xmlns:dc"]).toBe("http://purl.org/dc/elements/1.1/");
      // Markup-like characters come back as written; the control character XML cannot carry is dropped.
      expect(inLanguage(dc, "dc:title", "en")).toEqual([trickyTitle]);
      expect(inLanguage(dc, "dc:title", "tr")).toEqual([tricky.tr.title]);
      expect(texts(dc, "dc:creator")).toEqual(tricky.authors.map((a) => (a.given ? `${a.family}, ${a.given}` : a.family)));
      expect(inLanguage(dc, "dc:subject", "en")).toEqual(tricky.en.keywords);
      expect(inLanguage(dc, "dc:subject", "tr")).toEqual(tricky.tr.keywords);
      const abstract = inLanguage(dc, "dc:description", "en")[0];
      expect(abstract).toBe(tricky.en.abstract.replace(/\s+/g, " ").trim());
      expect(inLanguage(dc, "dc:publisher", "tr")).toEqual(["Meridyen Akademik Yayıncılık"]);
      expect(texts(dc, "dc:date")).toEqual([tricky.publishedOn]);
      expect(texts(dc, "dc:type")).toContain("info:eu-repo/semantics/article");
      expect(texts(dc, "dc:format")).toEqual(["application/pdf"]);
      expect(texts(dc, "dc:identifier")).toEqual([landingPageOf(tricky.id), `https://doi.org/${tricky.doi}`]);
      expect(inLanguage(dc, "dc:source", "en")).toEqual([`${trickyJournal.en.title}, ${issue.volume}(${issue.number}), ${tricky.pages}`]);
      expect(inLanguage(dc, "dc:source", "tr")[0]).toContain(trickyJournal.tr.title);
      expect(texts(dc, "dc:language")).toEqual([tricky.language]);
      // The PDF galley, served under the landing page.
      expect(texts(dc, "dc:relation")).toEqual([`${landingPageOf(tricky.id)}/${tricky.id}.pdf`]);
      // The journal's licence, by its deed's URL.
      const journalLicence = trickyJournal.licence ?? "";
      expect(texts(dc, "dc:rights")).toEqual([licenceUrl(journalLicence) ?? journalLicence, "info:eu-repo/semantics/openAccess"]);
    });

    it("gives a correction notice and the work it corrects each other's DOI or page in Dublin Core, with the work's own licence", async () => {
      const work = await dcOf(scholar.id);
      expect(texts(work, "dc:creator")).toEqual(["Aktaş Karaca, Zeynep", "Suharto"]);
      expect(texts(work, "dc:rights")[0]).toBe("https://creativecommons.org/licenses/by-nc/4.0/");
      // The notice has no DOI: its landing page.
      expect(texts(work, "dc:relation")).toEqual([landingPageOf(notice.id)]);
      expect(texts(work, "dc:format")).toEqual([]);
      expect(texts(await dcOf(notice.id), "dc:relation")).toEqual([`https://doi.org/${scholar.doi}`]);
    });

    it("describes an article in JATS 1.3, in the article's language with the other as translations", async () => {
      const article = await jatsOf(tricky.id);
      expect(article["@xmlns"]).toBe("http://jats.nlm.nih.gov");
      expect(article["@dtd-version"]).toBe("1.3");
      expect(article["@xmlns:ali"]).toBe("http://www.niso.org/schemas/ali/1.0/");
      expect(article["@xmlns:mml"]).toBe("http://www.w3.org/1998/Math/MathML");
      expect(String(article["@xsi:schemaLocation"])).toBe(
        "http://jats.nlm.nih.gov https://jats.nlm.nih.gov/publishing/1.3/xsd/JATS-journalpublishing1-3.xsd",
      );
      expect(article["@article-type"]).toBe(tricky.type);
      expect(article["@xml:lang"]).toBe(tricky.language);
      const front = one(article, "front");
      const journalMeta = one(front, "journal-meta");
      expect(texts(journalMeta, "issn")).toEqual([trickyJournal.printIssn, trickyJournal.eIssn]);
      expect(textOf(one(one(journalMeta, "journal-title-group"), "journal-title"))).toBe(trickyJournal.en.title);
      expect(textOf(one(one(journalMeta, "publisher"), "publisher-name"))).toBe("Meridian Academic Publishing");
      const meta = one(front, "article-meta");
      expect(all(meta, "article-id").map((id) => [id["@pub-id-type"], textOf(id)])).toEqual([
        ["publisher-id", tricky.id],
        ["doi", tricky.doi],
      ]);
      const other = tricky.language === "en" ? "tr" : "en";
      const titles = one(meta, "title-group");
      expect(textOf(one(titles, "article-title"))).toBe(trickyTitle);
      expect(textOf(one(one(titles, "trans-title-group"), "trans-title"))).toBe(tricky[other].title);
      const contribs = all(one(meta, "contrib-group"), "contrib");
      expect(contribs.map((c) => texts(one(c, "name"), "surname")[0])).toEqual(tricky.authors.map((a) => a.family));
      expect(contribs.map((c) => texts(c, "contrib-id")[0])).toEqual(
        tricky.authors.map((a) => (a.orcid ? `https://orcid.org/${a.orcid}` : undefined)),
      );
      // The article's day, and its issue's (the collection's).
      expect(all(meta, "pub-date").map((d) => [d["@date-type"], d["@iso-8601-date"]])).toEqual([
        ["pub", tricky.publishedOn],
        ["collection", issue.publishedOn],
      ]);
      expect([texts(meta, "volume"), texts(meta, "issue"), texts(meta, "fpage"), texts(meta, "lpage")].flat().join(" ")).toBe(
        `${issue.volume} ${issue.number} ${tricky.pages?.replace("-", " ")}`,
      );
      expect(all(one(meta, "history"), "date").map((d) => d["@iso-8601-date"])).toEqual([tricky.receivedOn, tricky.acceptedOn]);
      expect(all(meta, "pub-history")).toEqual([]);
      expect(all(meta, "self-uri").map((u) => [u["@content-type"], u["@xlink:href"]])).toEqual([
        [undefined, landingPageOf(tricky.id)],
        ["application/pdf", `${landingPageOf(tricky.id)}/${tricky.id}.pdf`],
      ]);
      // The journal's licence, with its deed.
      const licence = one(one(meta, "permissions"), "license");
      expect(texts(licence, "license-p")).toEqual([trickyJournal.licence]);
      expect(texts(licence, "ali:license_ref")).toEqual([licenceUrl(trickyJournal.licence ?? "")]);
      expect(texts(one(meta, "abstract"), "p").join(" ")).toBe(tricky[tricky.language].abstract.replace(/\s+/g, " ").trim());
      expect(one(meta, "trans-abstract")["@xml:lang"]).toBe(other);
      expect(all(meta, "kwd-group").map((g) => texts(g, "kwd"))).toEqual([tricky[tricky.language].keywords, tricky[other].keywords]);
      // No full text and no references: nothing after the front matter.
      expect(Object.keys(article).filter((k) => !k.startsWith("@"))).toEqual(["front"]);
      // A Turkish article's own title is the Turkish one.
      const turkish = bundle.journals
        .flatMap((j) => j.issues.flatMap((i) => i.articles.map((a) => ({ journalId: j.journal.id, a }))))
        .find(({ a }) => a.language === "tr" && a.status !== "withdrawn" && a.publishedOn <= today());
      if (!turkish) throw new Error("the demo content has no Turkish article");
      const tr = await oai(`verb=GetRecord&metadataPrefix=jats&identifier=${encodeURIComponent(identifierOf(turkish.journalId, turkish.a.id))}`);
      const trMeta = one(one(one(one(one(one(tr.root, "GetRecord"), "record"), "metadata"), "article"), "front"), "article-meta");
      expect(one(one(trMeta, "title-group"), "article-title")).toMatchObject({ "#text": turkish.a.tr.title, "@xml:lang": "tr" });
      // Every article in the format, through the same pages.
      expect((await walk("ListRecords", "metadataPrefix=jats")).items.length).toBe(await count());
    });

    it("writes structured names, the corresponding author, CRediT roles and ROR affiliations in JATS", async () => {
      const meta = one(one(await jatsOf(scholar.id), "front"), "article-meta");
      const group = one(meta, "contrib-group");
      const [zeynep, suharto] = all(group, "contrib");
      expect(one(zeynep, "name")).toMatchObject({
        "@name-style": "western",
        surname: [{ "#text": "Aktaş Karaca" }],
        "given-names": [{ "#text": "Zeynep" }],
      });
      expect(zeynep["@corresp"]).toBe("yes");
      expect(texts(zeynep, "email")).toEqual(["zeynep.karaca@example.edu.tr"]);
      expect(all(zeynep, "contrib-id")[0]).toMatchObject({ "@contrib-id-type": "orcid", "#text": "https://orcid.org/0000-0002-1825-0097" });
      expect(all(zeynep, "role")).toEqual([
        {
          "#text": "Conceptualization",
          "@vocab": "credit",
          "@vocab-identifier": CREDIT,
          "@vocab-term": "Conceptualization",
          "@vocab-term-identifier": `${CREDIT}contributor-roles/conceptualization/`,
        },
        {
          "#text": "Writing – review & editing",
          "@vocab": "credit",
          "@vocab-identifier": CREDIT,
          "@vocab-term": "Writing – review & editing",
          "@vocab-term-identifier": `${CREDIT}contributor-roles/writing-review-editing/`,
        },
      ]);
      // A one-name author has only a surname; the e-mail of an author who is not the corresponding one is not published.
      expect(Object.keys(one(suharto, "name")).filter((k) => !k.startsWith("@"))).toEqual(["surname"]);
      expect(suharto["@corresp"]).toBeUndefined();
      expect(all(suharto, "email")).toEqual([]);
      // The affiliation both name is written once.
      const affs = all(group, "aff");
      expect(affs.length).toBe(2);
      const [metuAff, independent] = affs;
      expect(one(one(metuAff, "institution-wrap"), "institution-id")).toMatchObject({
        "@institution-id-type": "ror",
        "#text": "https://ror.org/014weej12",
      });
      expect(texts(one(metuAff, "institution-wrap"), "institution")).toEqual(["Middle East Technical University"]);
      expect(one(metuAff, "country")["@country"]).toBe("TR");
      expect(texts(one(independent, "institution-wrap"), "institution")).toEqual(["Independent scholar"]);
      expect(all(independent, "country")).toEqual([]);
      const rids = (contrib: Node) => all(contrib, "xref").map((x) => [x["@ref-type"], x["@rid"]]);
      expect(rids(zeynep)).toEqual([["aff", metuAff["@id"]]]);
      expect(rids(suharto)).toEqual([
        ["aff", metuAff["@id"]],
        ["aff", independent["@id"]],
      ]);
    });

    it("writes the funding, copyright, licence, update, body and references of an article in JATS", async () => {
      const article = await jatsOf(scholar.id);
      const meta = one(one(article, "front"), "article-meta");
      const awards = all(one(meta, "funding-group"), "award-group").map((g) => {
        const source = one(g, "funding-source");
        const wrap = all(source, "institution-wrap")[0];
        return {
          funder: wrap ? textOf(one(wrap, "institution")) : textOf(source),
          id: wrap ? all(wrap, "institution-id").map((i) => [i["@institution-id-type"], textOf(i)])[0] : undefined,
          award: texts(g, "award-id")[0],
        };
      });
      expect(awards).toEqual([
        { funder: "TÜBİTAK", id: ["doi", "https://doi.org/10.13039/501100004410"], award: "122K456" },
        { funder: "TÜBİTAK", id: ["doi", "https://doi.org/10.13039/501100004410"], award: "123K789" },
        { funder: "Kadir Has Foundation", id: ["ror", "https://ror.org/01b2p0e24"], award: "KHF-7" },
        { funder: "A & B Trust", id: undefined, award: undefined },
      ]);
      const permissions = one(meta, "permissions");
      expect(texts(permissions, "copyright-statement")).toEqual(["© 2025 The Authors"]);
      expect(texts(permissions, "copyright-year")).toEqual(["2025"]);
      expect(texts(permissions, "copyright-holder")).toEqual(["The Authors"]);
      const licence = one(permissions, "license");
      expect(texts(licence, "ali:license_ref")).toEqual(["https://creativecommons.org/licenses/by-nc/4.0/"]);
      expect(texts(licence, "license-p")).toEqual(["CC BY-NC 4.0"]);
      const event = one(one(meta, "pub-history"), "event");
      expect(event["@event-type"]).toBe("updated");
      expect(one(event, "date")).toMatchObject({ "@date-type": "updated", "@iso-8601-date": yesterday });
      expect(all(meta, "pub-date")[0]["@iso-8601-date"]).toBe(scholar.publishedOn);
      // No PDF galley: the landing page alone.
      expect(all(meta, "self-uri").map((u) => u["@xlink:href"])).toEqual([landingPageOf(scholar.id)]);

      // The full text's body, its figure absolute from the landing page, its math in MathML.
      expect(Object.keys(article).filter((k) => !k.startsWith("@"))).toEqual(["front", "body", "back"]);
      const body = one(article, "body");
      const section = one(body, "sec");
      expect(texts(section, "title")).toEqual(["Introduction"]);
      const graphic = one(one(section, "fig"), "graphic");
      expect(graphic["@xlink:href"]).toBe(`${landingPageOf(scholar.id)}/figures/sites.svg`);
      expect(all(one(section, "disp-formula"), "mml:math").length).toBe(1);
      const citedIds = all(section, "p").flatMap((p) => all(p, "xref").map((x) => x["@rid"]));
      expect(citedIds).toEqual(references.map((r) => r.id));

      // The references as printed, with their DOIs as pub-ids: within the text, or after it.
      const list = one(one(article, "back"), "ref-list");
      expect(texts(list, "title")).toEqual(["References"]);
      const refs = all(list, "ref");
      expect(refs.map((r) => r["@id"])).toEqual(references.map((r) => r.id));
      // As printed, and (where its parts are known) in parts beside it.
      const citations = refs.map((r) => one(all(r, "citation-alternatives")[0] ?? r, "mixed-citation"));
      expect(citations.map((c) => all(c, "pub-id").map((id) => [id["@pub-id-type"], textOf(id)]))).toEqual([
        [["doi", "10.1177/0042098019000001"]],
        [["doi", "10.5555/book.2019"]],
        [],
      ]);
      expect(textOf(citations[0])).toBe("Smith, J. (2020). Cities & memory. Urban Studies, 57(2), 3–14. https://doi.org/");
      expect(textOf(citations[1])).toBe("Doe, A. (2019). A book. Publisher.");
      expect(one(citations[2], "ext-link")).toMatchObject({ "@xlink:href": "https://example.org/plans", "#text": "https://example.org/plans" });
    });

    it("relates a correction notice and the work it corrects both ways in JATS", async () => {
      const related = async (articleId: string) =>
        all(one(one(await jatsOf(articleId), "front"), "article-meta"), "related-article").map((r) => ({
          type: r["@related-article-type"],
          linkType: r["@ext-link-type"],
          href: r["@xlink:href"],
        }));
      expect(await related(notice.id)).toEqual([{ type: "corrected-article", linkType: "doi", href: scholar.doi }]);
      // The notice has no DOI: its landing page.
      expect(await related(scholar.id)).toEqual([{ type: "correction-forward", linkType: "uri", href: landingPageOf(notice.id) }]);
      expect(await related(tricky.id)).toEqual([]);
    });

    it("answers a withdrawn article as a deleted record: its header alone, in lists and by GetRecord", async () => {
      const identifier = identifierOf(trickyJournal.id, withdrawn.id);
      for (const prefix of ["oai_dc", "jats"] as const) {
        const record = await getRecord(withdrawn.id, prefix);
        expect(Object.keys(record).filter((k) => !k.startsWith("@"))).toEqual(["header"]);
        expect(one(record, "header")["@status"]).toBe("deleted");
        expect(textOf(one(one(record, "header"), "identifier"))).toBe(identifier);
        const { items } = await walk("ListRecords", `metadataPrefix=${prefix}&set=journal:${trickyJournal.id}`);
        const listed = items.filter((r) => textOf(one(one(r, "header"), "identifier")) === identifier);
        expect(listed.length).toBe(1);
        expect(all(listed[0], "metadata")).toEqual([]);
        expect(one(listed[0], "header")["@status"]).toBe("deleted");
        // The others have their metadata.
        expect(items.filter((r) => one(r, "header")["@status"] === undefined).every((r) => all(r, "metadata").length === 1)).toBe(true);
      }
      // It is still an item: its formats are listed.
      expect((await oai(`verb=ListMetadataFormats&identifier=${encodeURIComponent(identifier)}`)).errors).toEqual([]);
    });

    it("leaves an article out until its publication day, then has it without a restart", async () => {
      const identifier = identifierOf(trickyJournal.id, forthcoming.id);
      const listed = async () =>
        (await walk("ListIdentifiers", `metadataPrefix=oai_dc&set=journal:${trickyJournal.id}`)).items.map((h) => textOf(one(h, "identifier")));
      const sizeOf = async () => {
        const list = one((await oai(`verb=ListRecords&metadataPrefix=jats&set=journal:${trickyJournal.id}`)).root, "ListRecords");
        return Number(all(list, "resumptionToken")[0]?.["@completeListSize"] ?? all(list, "record").length);
      };
      const before = await listed();
      const sizeBefore = await sizeOf();
      expect(before).not.toContain(identifier);
      expect(sizeBefore).toBe(before.length);
      for (const prefix of ["oai_dc", "jats"]) {
        await expectError(`verb=GetRecord&metadataPrefix=${prefix}&identifier=${encodeURIComponent(identifier)}`, "idDoesNotExist");
      }
      await expectError(`verb=ListMetadataFormats&identifier=${encodeURIComponent(identifier)}`, "idDoesNotExist");
      await expectError(`verb=ListIdentifiers&metadataPrefix=oai_dc&from=${forthcomingOn}`, "noRecordsMatch");

      // Its day in Istanbul: the same repository, the same database.
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(new Date(`${forthcomingOn}T00:30:00+03:00`));
      const after = await listed();
      expect(after).toContain(identifier);
      expect(after.length).toBe(before.length + 1);
      expect(await sizeOf()).toBe(sizeBefore + 1);
      const record = await getRecord(forthcoming.id, "oai_dc");
      expect(textOf(one(one(record, "header"), "datestamp"))).toBe(forthcomingOn);
      expect(texts(one(one(record, "metadata"), "oai_dc:dc"), "dc:date")).toEqual([forthcomingOn]);
      const { items } = await walk("ListIdentifiers", `metadataPrefix=oai_dc&from=${forthcomingOn}`);
      expect(items.map((h) => textOf(one(h, "identifier")))).toEqual([identifier]);
    });

    // Compiling the schema takes seconds.
    it("validates a JATS record against the JATS 1.3 schema, where the schema files are at hand", { timeout: 120_000 }, async (context) => {
      if (!existsSync(JATS_XSD)) context.skip();
      for (const articleId of [scholar.id, notice.id, tricky.id]) {
        const { xml } = await oai(`verb=GetRecord&metadataPrefix=jats&identifier=${encodeURIComponent(identifierOf(trickyJournal.id, articleId))}`);
        const record = /<article [\s\S]*<\/article>/.exec(xml)?.[0] ?? "";
        expect(jatsProblems(record)).toEqual([]);
      }
    });

    it.each([
      ["", "badVerb"],
      ["verb=Harvest", "badVerb"],
      ["verb=Identify&verb=Identify", "badVerb"],
      ["verb=Identify&metadataPrefix=oai_dc", "badArgument"],
      ["verb=ListRecords", "badArgument"],
      ["verb=ListRecords&metadataPrefix=oai_dc&metadataPrefix=oai_dc", "badArgument"],
      ["verb=ListRecords&metadataPrefix=", "badArgument"],
      ["verb=ListIdentifiers&metadataPrefix=oai_dc&from=2025-02-30", "badArgument"],
      ["verb=ListIdentifiers&metadataPrefix=oai_dc&from=2025-1-5", "badArgument"],
      ["verb=ListIdentifiers&metadataPrefix=oai_dc&from=2025-01-01T00:00:00Z", "badArgument"],
      ["verb=ListIdentifiers&metadataPrefix=oai_dc&from=2025-01-01&until=2025-12-31T00:00:00Z", "badArgument"],
      ["verb=ListIdentifiers&metadataPrefix=oai_dc&from=2025-06-01&until=2025-05-31", "badArgument"],
      ["verb=ListIdentifiers&metadataPrefix=oai_dc&resumptionToken=abc", "badArgument"],
      ["verb=GetRecord&metadataPrefix=oai_dc", "badArgument"],
      ["verb=GetRecord&identifier=oai:www.meridianpress.example:article/a/b", "badArgument"],
    ])("answers %s with %s and echoes no argument", async (args, code) => {
      expect(await expectError(args, code)).toEqual({});
    });

    it("refuses an unknown format, an unknown item and bad resumption tokens", async () => {
      const identifier = identifierOf(trickyJournal.id, tricky.id);
      expect(await expectError("verb=ListRecords&metadataPrefix=marc21", "cannotDisseminateFormat")).toEqual({
        verb: "ListRecords",
        metadataPrefix: "marc21",
      });
      await expectError(`verb=GetRecord&metadataPrefix=marc21&identifier=${encodeURIComponent(identifier)}`, "cannotDisseminateFormat");
      for (const unknown of [
        "oai:elsewhere.example:article/x/y",
        `${identifier}/more`,
        "article",
        identifierOf(trickyJournal.id, "no-such-article"),
      ]) {
        await expectError(`verb=GetRecord&metadataPrefix=oai_dc&identifier=${encodeURIComponent(unknown)}`, "idDoesNotExist");
      }
      const first = await oai("verb=ListIdentifiers&metadataPrefix=oai_dc");
      const token = textOf(one(one(first.root, "ListIdentifiers"), "resumptionToken"));
      const tampered = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(token, "base64url").toString()), cursor: "x" })).toString("base64url");
      for (const bad of ["not a token", "e30", tampered, `${token}x`]) {
        await expectError(`verb=ListIdentifiers&resumptionToken=${encodeURIComponent(bad)}`, "badResumptionToken");
      }
      // A token is for the verb that issued it.
      const request = await expectError(`verb=ListRecords&resumptionToken=${token}`, "badResumptionToken");
      expect(request).toEqual({ verb: "ListRecords", resumptionToken: token });
    });

    it("answers POST only as a form, and other methods 405", async () => {
      expect((await oai("verb=Identify", "POST")).errors).toEqual([]);
      const json = await app.request("/oai", { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } });
      expect(await json.text()).toContain('code="badArgument"');
      const put = await app.request("/oai?verb=Identify", { method: "PUT" });
      expect(put.status).toBe(405);
      expect(put.headers.get("allow")).toBe("GET, HEAD, POST");
    });

    it("reads a page by key from the datestamp index, without sorting or scanning the catalogue", async () => {
      const page = pageQuery(handle.db, { from: "2025-01-01" }, ["2025-06-01", "a", "b"], PAGE_SIZE + 1).compile();
      if (database.dialect === "sqlite") {
        const plan = await handle.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${page.sql}`, [...page.parameters]));
        const steps = plan.rows.map((r) => r.detail).join("\n");
        expect(steps).toMatch(/SEARCH a USING (COVERING )?INDEX article_by_datestamp/);
        expect(steps).not.toContain("TEMP B-TREE");
      } else {
        // PostgreSQL's planner reads a table this small whole; the index is there for the large catalogue.
        const indexes = await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'article'`.execute(handle.db);
        expect(indexes.rows.map((r) => r.name)).toContain("article_by_datestamp");
      }
    });
  });
}
