import { XMLParser, XMLValidator } from "fast-xml-parser";
import { CompiledQuery, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../../tests/databases.ts";
import { importContent } from "../content/import.ts";
import { readContentFolder } from "../content/read-folder.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { createOaiApp } from "./app.ts";
import { pageQuery } from "./records.ts";

const PUBLIC_URL = "https://www.meridianpress.example";
const BASE_URL = `${PUBLIC_URL}/oai`;
const PAGE_SIZE = 40;
const OAI_NS = "http://www.openarchives.org/OAI/2.0/";
/** The setSpec syntax of the protocol's schema (setSpecType). */
const SET_SPEC = /^[A-Za-z0-9\-_.!~*'()]+(:[A-Za-z0-9\-_.!~*'()]+)*$/;
const RESPONSE_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/** The demo catalogue, with markup-like characters (and a control character) in one article's title. */
const bundle = await readContentFolder("content/demo");
const tricky = bundle.journals[0].issues[0].articles[0];
const trickyTitle = `Fish & Chips <b>"quoted"</b> 'and' ]]> done`;
tricky.en.title = `${trickyTitle}\u0001`;
const trickyJournal = bundle.journals[0].journal;

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
    const count = async (where: (q: ReturnType<typeof articles>) => ReturnType<typeof articles> = (q) => q) =>
      Number(
        (
          await where(articles())
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const articles = () => handle.db.selectFrom("article");
    const identifierOf = (journalId: string, articleId: string) => `oai:www.meridianpress.example:article/${journalId}/${articleId}`;

    beforeAll(async () => {
      handle = await database.open();
      await importContent(handle.db, bundle);
      app = createOaiApp(handle.db, { publicUrl: PUBLIC_URL, pageSize: PAGE_SIZE });
    });
    afterAll(() => handle.db.destroy());

    it("identifies the repository: base URL, protocol version, contact, earliest datestamp and day granularity", async () => {
      const { root, request } = await oai("verb=Identify");
      expect(request).toEqual({ verb: "Identify" });
      const identify = one(root, "Identify");
      expect(textOf(one(identify, "repositoryName"))).toBe("Meridian Academic Publishing");
      expect(textOf(one(identify, "baseURL"))).toBe(BASE_URL);
      expect(textOf(one(identify, "protocolVersion"))).toBe("2.0");
      const operations = await handle.db.selectFrom("department").where("id", "=", "journal-operations").select("email").executeTakeFirstOrThrow();
      expect(texts(identify, "adminEmail")).toEqual([operations.email]);
      const earliest = await articles()
        .select((eb) => eb.fn.min("publishedOn").as("d"))
        .executeTakeFirstOrThrow();
      expect(textOf(one(identify, "earliestDatestamp"))).toBe(earliest.d);
      expect(textOf(one(identify, "deletedRecord"))).toBe("no");
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

    it("pages every article's header through resumption tokens, each once, in datestamp order", async () => {
      const { items, pages } = await walk("ListIdentifiers", "metadataPrefix=oai_dc");
      const total = await count();
      expect(pages).toBe(Math.ceil(total / PAGE_SIZE));
      expect(items.length).toBe(total);
      const identifiers = items.map((h) => textOf(one(h, "identifier")));
      expect(new Set(identifiers).size).toBe(total);
      const rows = await articles().select(["journalId", "id"]).execute();
      expect(new Set(identifiers)).toEqual(new Set(rows.map((r) => identifierOf(r.journalId, r.id))));
      const datestamps = items.map((h) => textOf(one(h, "datestamp")));
      expect(datestamps).toEqual([...datestamps].sort());
      for (const header of items) {
        const [, journalId] = /article\/([^/]+)\//.exec(textOf(one(header, "identifier"))) ?? [];
        expect(texts(header, "setSpec")).toEqual([`journal:${journalId}`]);
      }
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

    it("selects by inclusive from and until days", async () => {
      const days = (await articles().select("publishedOn").orderBy("publishedOn").execute()).map((r) => r.publishedOn);
      const from = days[Math.floor(days.length / 4)];
      const until = days[Math.floor((3 * days.length) / 4)];
      const cases = [
        { args: `from=${from}`, expected: days.filter((d) => d >= from).length },
        { args: `until=${until}`, expected: days.filter((d) => d <= until).length },
        { args: `from=${from}&until=${until}`, expected: days.filter((d) => d >= from && d <= until).length },
        { args: `from=${from}&until=${from}`, expected: days.filter((d) => d === from).length },
      ];
      for (const { args, expected } of cases) {
        const { items } = await walk("ListIdentifiers", `metadataPrefix=oai_dc&${args}`);
        expect(items.length).toBe(expected);
        const datestamps = items.map((h) => textOf(one(h, "datestamp")));
        if (args.includes("from")) expect(datestamps.every((d) => d >= from)).toBe(true);
      }
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
      expect(textOf(one(header, "identifier"))).toBe(identifier);
      expect(textOf(one(header, "datestamp"))).toBe(tricky.publishedOn);
      const dc = one(one(record, "metadata"), "oai_dc:dc");
      expect(dc["@xmlns:oai_dc"]).toBe("http://www.openarchives.org/OAI/2.0/oai_dc/");
      expect(dc["@xmlns:dc"]).toBe("http://purl.org/dc/elements/1.1/");
      // Markup-like characters come back as written; the control character XML cannot carry is dropped.
      expect(inLanguage(dc, "dc:title", "en")).toEqual([trickyTitle]);
      expect(inLanguage(dc, "dc:title", "tr")).toEqual([tricky.tr.title]);
      expect(texts(dc, "dc:creator")).toEqual(tricky.authors.map((a) => a.name));
      expect(inLanguage(dc, "dc:subject", "en")).toEqual(tricky.en.keywords);
      expect(inLanguage(dc, "dc:subject", "tr")).toEqual(tricky.tr.keywords);
      const abstract = inLanguage(dc, "dc:description", "en")[0];
      expect(abstract).toBe(tricky.en.abstract.replace(/\s+/g, " ").trim());
      expect(inLanguage(dc, "dc:publisher", "tr")).toEqual(["Meridyen Akademik Yayıncılık"]);
      expect(texts(dc, "dc:date")).toEqual([tricky.publishedOn]);
      expect(texts(dc, "dc:type")).toContain("info:eu-repo/semantics/article");
      const issue = bundle.journals[0].issues[0];
      expect(texts(dc, "dc:identifier")).toEqual([
        `${PUBLIC_URL}/journals/${trickyJournal.en.slug}/articles/${issue.id}/${tricky.id}`,
        `https://doi.org/${tricky.doi}`,
      ]);
      expect(inLanguage(dc, "dc:source", "en")).toEqual([`${trickyJournal.en.title}, ${issue.volume}(${issue.number}), ${tricky.pages}`]);
      expect(inLanguage(dc, "dc:source", "tr")[0]).toContain(trickyJournal.tr.title);
      expect(texts(dc, "dc:language")).toEqual([tricky.language]);
      expect(texts(dc, "dc:relation")).toEqual([tricky.pdfUrl]);
      expect(texts(dc, "dc:rights")).toEqual([trickyJournal.licence, "info:eu-repo/semantics/openAccess"]);
    });

    it("describes an article's front matter in JATS, in the article's language with the other as translations", async () => {
      const identifier = identifierOf(trickyJournal.id, tricky.id);
      const { root } = await oai(`verb=GetRecord&metadataPrefix=jats&identifier=${encodeURIComponent(identifier)}`);
      const article = one(one(one(one(root, "GetRecord"), "record"), "metadata"), "article");
      expect(article["@xmlns"]).toBe("http://jats.nlm.nih.gov");
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
      expect(contribs.map((c) => textOf(one(c, "string-name")))).toEqual(tricky.authors.map((a) => a.name));
      expect(contribs.map((c) => texts(c, "contrib-id")[0])).toEqual(
        tricky.authors.map((a) => (a.orcid ? `https://orcid.org/${a.orcid}` : undefined)),
      );
      expect(one(meta, "pub-date")["@iso-8601-date"]).toBe(tricky.publishedOn);
      const issue = bundle.journals[0].issues[0];
      expect([texts(meta, "volume"), texts(meta, "issue"), texts(meta, "fpage"), texts(meta, "lpage")].flat().join(" ")).toBe(
        `${issue.volume} ${issue.number} ${tricky.pages?.replace("-", " ")}`,
      );
      expect(all(one(meta, "history"), "date").map((d) => d["@iso-8601-date"])).toEqual([tricky.receivedOn, tricky.acceptedOn]);
      expect(all(meta, "self-uri").map((u) => u["@xlink:href"])).toEqual([
        `${PUBLIC_URL}/journals/${trickyJournal.en.slug}/articles/${issue.id}/${tricky.id}`,
        tricky.pdfUrl,
      ]);
      expect(texts(one(meta, "abstract"), "p").join(" ")).toBe(tricky[tricky.language].abstract.replace(/\s+/g, " ").trim());
      expect(one(meta, "trans-abstract")["@xml:lang"]).toBe(other);
      expect(all(meta, "kwd-group").map((g) => texts(g, "kwd"))).toEqual([tricky[tricky.language].keywords, tricky[other].keywords]);
      // A Turkish article's own title is the Turkish one.
      const turkish = bundle.journals
        .flatMap((j) => j.issues.flatMap((i) => i.articles.map((a) => ({ journalId: j.journal.id, a }))))
        .find(({ a }) => a.language === "tr");
      if (!turkish) throw new Error("the demo content has no Turkish article");
      const tr = await oai(`verb=GetRecord&metadataPrefix=jats&identifier=${encodeURIComponent(identifierOf(turkish.journalId, turkish.a.id))}`);
      const trMeta = one(one(one(one(one(one(tr.root, "GetRecord"), "record"), "metadata"), "article"), "front"), "article-meta");
      expect(one(one(trMeta, "title-group"), "article-title")).toMatchObject({ "#text": turkish.a.tr.title, "@xml:lang": "tr" });
      // Every article in the format, through the same pages.
      expect((await walk("ListRecords", "metadataPrefix=jats")).items.length).toBe(await count());
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

    it("reads a page by key from the date index, without sorting or scanning the catalogue", async () => {
      const page = pageQuery(handle.db, { from: "2025-01-01" }, ["2025-06-01", "a", "b"], PAGE_SIZE + 1).compile();
      if (database.dialect === "sqlite") {
        const plan = await handle.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${page.sql}`, [...page.parameters]));
        const steps = plan.rows.map((r) => r.detail).join("\n");
        expect(steps).toMatch(/SEARCH a USING (COVERING )?INDEX article_by_date/);
        expect(steps).not.toContain("TEMP B-TREE");
      } else {
        // PostgreSQL's planner reads a table this small whole; the index is there for the large catalogue.
        const indexes = await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'article'`.execute(handle.db);
        expect(indexes.rows.map((r) => r.name)).toContain("article_by_date");
      }
    });
  });
}
