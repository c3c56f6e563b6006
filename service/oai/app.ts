/**
 * The OAI-PMH 2.0 repository (http://www.openarchives.org/OAI/openarchivesprotocol.html) at /oai:
 * harvesters collect the journals' articles from it, one set per journal, in Dublin Core (`oai_dc`)
 * and in JATS 1.3 (`jats`: the metadata, full text and references). It is a Hono app over the
 * content database, mounted by the web process next to the content API (or reached through it
 * over API_URL); docs/decisions/013-oai-pmh.md says why.
 *
 * An item's datestamp is its record's last change, a day (`datestamp`: the article's modifiedOn, or
 * else its publishedOn), so an incremental harvest from a day sees the articles published or
 * changed since; hence the day granularity. An article dated after today is not in the repository
 * until its date (read at each request, no restart needed). Articles are never removed from the
 * content: a withdrawn one stays as its tombstone and is answered as a deleted record (its header
 * with status="deleted", no metadata), so `deletedRecord` is "persistent".
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { articlePath, galleyPath, pdfGalleyUrl } from "../../contract/article-path.ts";
import { formDepartments } from "../../forms/definitions.ts";
import { messages } from "../../i18n/messages/index.ts";
import type { ArticleKey } from "../article-authors.ts";
import type { ContentDb } from "../db/database.ts";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "../db/unavailable.ts";
import { element, text } from "../xml.ts";
import { dublinCore, OAI_DC, type RecordContext } from "./dublin-core.ts";
import { JATS, jatsArticle } from "./jats.ts";
import {
  type ArticleHeader,
  type ArticleRecord,
  type ArticleRow,
  countArticles,
  findArticleHeader,
  findArticleRow,
  type HarvestPosition,
  isDeleted,
  listJournalTitles,
  pageOfHeaders,
  pageOfRows,
  positionOf,
  type RecordParts,
  readArticleRecords,
  type Selection,
} from "./records.ts";
import { OaiError, type OaiRequest, parseRequest } from "./request.ts";
import { decodeToken, encodeToken, type ResumptionState } from "./token.ts";

export interface OaiOptions {
  /** The site's public origin (PUBLIC_URL): the base URL and the identifiers' host. The request's origin without it. */
  publicUrl?: string;
  /** Records or headers per list response. */
  pageSize?: number;
}

/** Requests are a handful of short arguments; a larger POST body is refused (413) unread. */
const OAI_MAX_BODY = 8 * 1024;
/** Refuses (413) a body over OAI_MAX_BODY unread: the repository's /oai, and the site's before it passes a request on. */
export const oaiBodyLimit = bodyLimit({
  maxSize: OAI_MAX_BODY,
  onError: (c) => c.text("The request is too large for an OAI-PMH request.", 413),
});
const XML_TYPE = "text/xml; charset=utf-8";
/** The metadata formats offered, each with how it writes an article and what of the record it needs read. */
const formats: {
  prefix: string;
  schema: string;
  namespace: string;
  write: (article: ArticleRecord, context: RecordContext) => string;
  parts: RecordParts;
}[] = [
  { ...OAI_DC, write: dublinCore, parts: { back: false } },
  { ...JATS, write: jatsArticle, parts: { back: true } },
];
type Format = (typeof formats)[number];
/** The parent of the journals' sets: every article is in it. */
const ALL_JOURNALS = "journal";
const DOMAIN = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/i;

const oaiDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");

export function createOaiApp(db: ContentDb, { publicUrl, pageSize = 100 }: OaiOptions = {}): Hono {
  const app = new Hono();

  app.on(["GET", "POST"], "/oai", oaiBodyLimit, async (c) => {
    const origin = publicUrl ?? new URL(c.req.url).origin;
    const repository = new Repository(db, origin, pageSize);
    let request: OaiRequest | undefined;
    let body: string;
    try {
      if (c.req.method === "POST" && !/^application\/x-www-form-urlencoded\b/i.test(c.req.header("content-type") ?? "")) {
        throw new OaiError("badArgument", "A POST request must be sent as application/x-www-form-urlencoded.");
      }
      const params = c.req.method === "POST" ? new URLSearchParams(await c.req.text()) : new URL(c.req.url).searchParams;
      request = parseRequest([...params]);
      body = await repository.answer(request);
    } catch (error) {
      if (!(error instanceof OaiError)) throw error;
      // The request is echoed only when its verb and arguments were valid (section 3.6).
      if (error.code === "badVerb" || error.code === "badArgument") request = undefined;
      body = text("error", error.message, { code: error.code });
    }
    const echoed = request ? { verb: request.verb, ...request.args } : {};
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>\n',
      element("OAI-PMH", [text("responseDate", oaiDate(new Date())), text("request", repository.baseUrl, echoed), body], {
        xmlns: "http://www.openarchives.org/OAI/2.0/",
        "xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance",
        "xsi:schemaLocation": "http://www.openarchives.org/OAI/2.0/ http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd",
      }),
    ].join("");
    return c.body(xml, 200, { "Content-Type": XML_TYPE });
  });
  app.all("/oai", (c) => c.text("OAI-PMH is answered to GET and POST only.", 405, { Allow: "GET, HEAD, POST" }));
  // OAI-PMH 2.0 §3.1.2.2: a harvester told 503 with Retry-After comes back then.
  app.onError((error, c) => {
    // A harvester that cut its request off reads no answer (the site's log says the client closed it).
    if (c.req.raw.signal.aborted) return new Response(null, { status: 499 });
    if (isDatabaseUnavailable(error)) {
      console.warn(`OAI-PMH: ${error.message}`);
      return c.text("The repository is not available at the moment. Please try again later.", 503, { "Retry-After": String(RETRY_AFTER_SECONDS) });
    }
    console.error("OAI-PMH: the request failed:", error);
    return c.text("The repository failed to answer.", 500);
  });
  return app;
}

/** One request's answers; `answer` gives the verb's element or throws an OaiError. */
class Repository {
  readonly baseUrl: string;
  private readonly db: ContentDb;
  private readonly origin: string;
  private readonly pageSize: number;
  private readonly host: string;

  constructor(db: ContentDb, origin: string, pageSize: number) {
    this.db = db;
    this.origin = origin;
    this.pageSize = pageSize;
    this.baseUrl = `${origin}/oai`;
    this.host = new URL(origin).hostname;
  }

  answer({ verb, args }: OaiRequest): Promise<string> {
    switch (verb) {
      case "Identify":
        return this.identify();
      case "ListMetadataFormats":
        return this.listMetadataFormats(args.identifier);
      case "ListSets":
        return this.listSets(args.resumptionToken);
      case "GetRecord":
        return this.getRecord(args.identifier, args.metadataPrefix);
      case "ListIdentifiers":
      case "ListRecords":
        return this.list(verb, args);
    }
  }

  identifierOf = (article: ArticleKey) => `oai:${this.host}:article/${article.journalId}/${article.id}`;

  /** The item an identifier names, as `find` reads it; idDoesNotExist when there is none. */
  private async articleOf<T>(identifier: string, find: (db: ContentDb, article: ArticleKey) => Promise<T | undefined>): Promise<T> {
    const prefix = `oai:${this.host}:article/`;
    const [journalId, id, ...rest] = identifier.startsWith(prefix) ? identifier.slice(prefix.length).split("/") : [];
    const article = journalId && id && rest.length === 0 ? await find(this.db, { journalId, id }) : undefined;
    if (!article) throw new OaiError("idDoesNotExist", `There is no item '${identifier.slice(0, 300)}' in this repository.`);
    return article;
  }

  private format(metadataPrefix: string) {
    const format = formats.find((f) => f.prefix === metadataPrefix);
    if (!format)
      throw new OaiError("cannotDisseminateFormat", `The metadata format '${metadataPrefix.slice(0, 60)}' is not offered: use oai_dc or jats.`);
    return format;
  }

  private async identify(): Promise<string> {
    // The first article in harvest order has the earliest datestamp, and is the sample identifier.
    const [[first], departments] = await Promise.all([
      pageOfHeaders(this.db, {}, undefined, 1),
      this.db.selectFrom("department").select(["id", "email"]).orderBy("id").execute(),
    ]);
    // The department that answers about journals is the repository's contact.
    const admin = departments.find((d) => d.id === formDepartments["journal-operations"]) ?? departments[0];
    const children = [
      text("repositoryName", messages.en.site.name),
      text("baseURL", this.baseUrl),
      text("protocolVersion", "2.0"),
      ...(admin ? [text("adminEmail", admin.email)] : []),
      text("earliestDatestamp", first?.datestamp ?? new Date().toISOString().slice(0, 10)),
      text("deletedRecord", "persistent"),
      text("granularity", "YYYY-MM-DD"),
    ];
    if (DOMAIN.test(this.host)) {
      const sample = first ?? { journalId: "journal", id: "article" };
      children.push(
        element(
          "description",
          element(
            "oai-identifier",
            [
              text("scheme", "oai"),
              text("repositoryIdentifier", this.host),
              text("delimiter", ":"),
              text("sampleIdentifier", this.identifierOf(sample)),
            ],
            {
              xmlns: "http://www.openarchives.org/OAI/2.0/oai-identifier",
              "xsi:schemaLocation": "http://www.openarchives.org/OAI/2.0/oai-identifier http://www.openarchives.org/OAI/2.0/oai-identifier.xsd",
            },
          ),
        ),
      );
    }
    return element("Identify", children);
  }

  private async listMetadataFormats(identifier: string | undefined): Promise<string> {
    if (identifier !== undefined) await this.articleOf(identifier, findArticleHeader);
    return element(
      "ListMetadataFormats",
      formats.map((f) =>
        element("metadataFormat", [text("metadataPrefix", f.prefix), text("schema", f.schema), text("metadataNamespace", f.namespace)]),
      ),
    );
  }

  private async listSets(resumptionToken: string | undefined): Promise<string> {
    // The sets always come in one response, so no token was ever issued for them.
    if (resumptionToken !== undefined) throw new OaiError("badResumptionToken", "The list of sets is never split: this token was not issued.");
    const journals = await listJournalTitles(this.db);
    return element("ListSets", [
      element("set", [text("setSpec", ALL_JOURNALS), text("setName", "Journals")]),
      ...journals.map((j) => element("set", [text("setSpec", `${ALL_JOURNALS}:${j.journalId}`), text("setName", j.title)])),
    ]);
  }

  private async getRecord(identifier: string, metadataPrefix: string): Promise<string> {
    const format = this.format(metadataPrefix);
    const article = await this.articleOf(identifier, findArticleRow);
    const [record] = await this.records([article], format);
    if (!record) throw new OaiError("idDoesNotExist", `There is no item '${identifier.slice(0, 300)}' in this repository.`);
    return element("GetRecord", record);
  }

  /**
   * The selection a set names, or undefined when the set is not `journal` or `journal:{id}`. The
   * journal is not looked up: an unknown id selects no article, which answers noRecordsMatch (or
   * badResumptionToken after a page), as a journal with no article in the dates does.
   */
  private selection(set: string | undefined, from: string | undefined, until: string | undefined): Selection | undefined {
    if (set === undefined || set === ALL_JOURNALS) return { from, until };
    const journalId = set.startsWith(`${ALL_JOURNALS}:`) ? set.slice(ALL_JOURNALS.length + 1) : "";
    return journalId ? { journalId, from, until } : undefined;
  }

  private async list(verb: "ListIdentifiers" | "ListRecords", args: Record<string, string>): Promise<string> {
    let state: Omit<ResumptionState, "after" | "cursor" | "completeListSize"> & Partial<ResumptionState>;
    if (args.resumptionToken !== undefined) {
      const decoded = decodeToken(args.resumptionToken);
      if (!decoded || decoded.verb !== verb || !formats.some((f) => f.prefix === decoded.metadataPrefix)) {
        throw new OaiError("badResumptionToken", "The resumption token is not valid for this request.");
      }
      state = decoded;
    } else {
      state = { verb, metadataPrefix: args.metadataPrefix, set: args.set, from: args.from, until: args.until };
    }
    const format = this.format(state.metadataPrefix);
    const selection = this.selection(state.set, state.from, state.until);
    const completeListSize = state.completeListSize ?? (selection ? await countArticles(this.db, selection) : 0);
    // ListRecords reads each article's record columns with the page; ListIdentifiers only the index's.
    const { page, more, items } =
      verb === "ListRecords"
        ? await this.readPage(selection, state.after, pageOfRows, (rows) => this.records(rows, format))
        : await this.readPage(selection, state.after, pageOfHeaders, async (headers) => headers.map((article) => this.header(article)));
    if (page.length === 0) {
      if (state.after) throw new OaiError("badResumptionToken", "The list has changed since this token was issued: harvest it again from the start.");
      throw new OaiError("noRecordsMatch", "No article matches the given set and dates.");
    }
    const cursor = state.cursor ?? 0;
    let resumption = "";
    const attrs = { completeListSize: String(Math.max(completeListSize, cursor + page.length)), cursor: String(cursor) };
    if (more) {
      const last = page[page.length - 1];
      const next = encodeToken({
        verb,
        metadataPrefix: state.metadataPrefix,
        set: state.set,
        from: state.from,
        until: state.until,
        after: positionOf(last),
        cursor: cursor + page.length,
        completeListSize,
      });
      resumption = text("resumptionToken", next, attrs);
    } else if (state.after) {
      // The last page of a list that was split carries an empty token (section 3.5).
      resumption = text("resumptionToken", "", attrs);
    }
    return element(verb, [...items, resumption]);
  }

  /**
   * A page of the selection's articles after `after` (none without a selection), read by `read` and
   * written by `write`; `more` when the list goes on past it.
   */
  private async readPage<T extends ArticleHeader>(
    selection: Selection | undefined,
    after: HarvestPosition | undefined,
    read: (db: ContentDb, selection: Selection, after: HarvestPosition | undefined, limit: number) => Promise<T[]>,
    write: (page: T[]) => Promise<string[]>,
  ): Promise<{ page: T[]; more: boolean; items: string[] }> {
    const rows = selection ? await read(this.db, selection, after, this.pageSize + 1) : [];
    const page = rows.slice(0, this.pageSize);
    return { page, more: rows.length > this.pageSize, items: await write(page) };
  }

  private header(article: ArticleHeader): string {
    return element(
      "header",
      [text("identifier", this.identifierOf(article)), text("datestamp", article.datestamp), text("setSpec", `${ALL_JOURNALS}:${article.journalId}`)],
      { status: isDeleted(article) ? "deleted" : undefined },
    );
  }

  /** The records of a page in its order: a withdrawn article's is its header alone, the others' are read and written in the format. */
  private async records(articles: ArticleRow[], format: Format): Promise<string[]> {
    const publisher = { en: messages.en.site.name, tr: messages.tr.site.name };
    const read = await readArticleRecords(
      this.db,
      articles.filter((a) => !isDeleted(a)),
      format.parts,
    );
    const byKey = new Map(read.map((r) => [this.identifierOf(r), r]));
    return articles.flatMap((row) => {
      if (isDeleted(row)) return [element("record", this.header(row))];
      const article = byKey.get(this.identifierOf(row));
      if (!article) return [];
      // The article's page sits under its issue's (…/articles/{issueId}/{articleId}), in English; its galleys under it.
      const slug = article.journal.slug;
      const context: RecordContext = {
        landingPage: this.origin + articlePath(slug, article, "en"),
        pdfUrl: pdfGalleyUrl(article.galleys, () => this.origin + galleyPath(slug, article, "en", "pdf")),
        pageOf: (other) => this.origin + articlePath(slug, other, "en"),
        publisher,
      };
      return [element("record", [this.header(article), element("metadata", format.write(article, context))])];
    });
  }
}
