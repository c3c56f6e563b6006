/**
 * An OAI-PMH 2.0 harvester's side of the protocol (http://www.openarchives.org/OAI/openarchivesprotocol.html),
 * done the way a repository expects of a polite client: one request at a time, each with a
 * timeout; network errors, 5xx and 429 retried with exponential back-off; a `503` with
 * `Retry-After` waited out (within a bound); resumption tokens followed to the end of the list; a
 * `badResumptionToken` (an expired or lost token) answered by asking for the list again from its
 * start; `noRecordsMatch` an empty list. A page that is not well-formed is read record by record,
 * and a record that is not well-formed is reported with its identifier and skipped.
 */
import type { Element } from "domhandler";
import { attrOf, childOf, childrenOf, parseXml, pathOf, textOf, wellFormedError } from "./xml-tree.ts";

export interface ClientOptions {
  /** The whole of one request, its answer read to the end. */
  timeoutMs: number;
  /** Tries after the first, for a network error, 5xx or 429. */
  retries: number;
  /** The first back-off; each next one doubles. */
  backoffMs: number;
  /** The longest `Retry-After` waited out; a repository asking for longer fails the pull. */
  maxRetryAfterMs: number;
  /** Told of each request as it is sent (progress, counts). */
  onRequest?: (url: URL) => void;
  /** Told of each retry, and why. */
  onRetry?: (reason: string, waitMs: number) => void;
}

export const defaultClientOptions: ClientOptions = { timeoutMs: 60_000, retries: 5, backoffMs: 2000, maxRetryAfterMs: 300_000 };

/** The pull cannot go on with this source: the protocol said no, or the network failed past its retries. */
export class HarvestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "HarvestError";
  }
}

export interface Repository {
  name: string;
  /** `YYYY-MM-DD` or `YYYY-MM-DDThh:mm:ssZ`. */
  granularity: "day" | "seconds";
  earliestDatestamp: string;
  deletedRecord: string;
}

export interface MetadataFormat {
  prefix: string;
  schema: string;
  namespace: string;
}

/** One item of a list: a record (its metadata, or none when deleted), or a record that could not be read. */
export type ListItem =
  | { kind: "record"; identifier: string; datestamp: string; deleted: boolean; metadata: Element | undefined }
  | { kind: "unreadable"; identifier: string; reason: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Seconds or an HTTP date, as milliseconds from now (undefined when neither). */
function retryAfterMs(value: string | null): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

class OaiProtocolError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(`${code}: ${message}`);
    this.code = code;
  }
}

export class OaiClient {
  readonly baseUrl: string;
  readonly options: ClientOptions;
  /** The responseDate of the first answer: where the next incremental harvest starts. */
  firstResponseDate: string | undefined;

  constructor(baseUrl: string, options: Partial<ClientOptions> = {}) {
    this.baseUrl = baseUrl;
    this.options = { ...defaultClientOptions, ...options };
  }

  /** The body of a successful answer, after the retries the options allow. */
  private async fetchText(params: Record<string, string>): Promise<string> {
    const url = new URL(this.baseUrl);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    const { retries, backoffMs, timeoutMs, maxRetryAfterMs } = this.options;
    let failure = "";
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (attempt > 0) {
        const wait = backoffMs * 2 ** (attempt - 1);
        this.options.onRetry?.(failure, wait);
        await sleep(wait);
      }
      this.options.onRequest?.(url);
      let response: Response;
      let body: string;
      try {
        response = await fetch(url, {
          headers: { Accept: "text/xml, application/xml", "User-Agent": "MeridianHarvester/1.0 (OAI-PMH 2.0)" },
          redirect: "follow",
          signal: AbortSignal.timeout(timeoutMs),
        });
        body = await response.text();
      } catch (error) {
        const cause = (error as Error & { cause?: Error }).cause;
        failure =
          (error as Error).name === "TimeoutError"
            ? `no answer within ${timeoutMs} ms`
            : `network error: ${cause?.message ?? (error as Error).message}`;
        continue;
      }
      if (response.ok) return body;
      failure = `HTTP ${response.status}`;
      if (response.status === 503 || response.status === 429) {
        const wait = retryAfterMs(response.headers.get("retry-after"));
        if (wait !== undefined) {
          if (wait > maxRetryAfterMs)
            throw new HarvestError(`${url.host} asks to wait ${Math.round(wait / 1000)} s (Retry-After), longer than allowed`);
          this.options.onRetry?.(`${failure}, Retry-After`, wait);
          await sleep(wait);
          attempt--; // a repository that says when to come back is not failing: its wait is not a try
          failure = `${failure} (after Retry-After)`;
          continue;
        }
      }
      if (response.status < 500 && response.status !== 429) throw new HarvestError(`${url.host} answered HTTP ${response.status} to ${params.verb}`);
    }
    throw new HarvestError(`${url.host} did not answer ${params.verb} after ${retries + 1} tries: ${failure}`);
  }

  /** The verb's element of a well-formed answer; the protocol's errors thrown. */
  private async ask(params: Record<string, string>): Promise<{ verb: Element; xml: string }> {
    const xml = await this.fetchText(params);
    const problem = wellFormedError(xml);
    if (problem) throw new HarvestError(`the answer to ${params.verb} is not well-formed XML: ${problem}`);
    return { verb: this.verbOf(xml, params.verb), xml };
  }

  private verbOf(xml: string, verbName: string): Element {
    const root = parseXml(xml).find((e) => e.name.endsWith("OAI-PMH"));
    if (!root) throw new HarvestError(`the answer to ${verbName} is not an OAI-PMH response`);
    this.firstResponseDate ??= textOf(childOf(root, "responseDate"));
    const error = childOf(root, "error");
    if (error) throw new OaiProtocolError(attrOf(error, "code") ?? "error", textOf(error));
    const verb = childOf(root, verbName);
    if (!verb) throw new HarvestError(`the answer to ${verbName} has no ${verbName} element`);
    return verb;
  }

  async identify(): Promise<Repository> {
    const { verb } = await this.ask({ verb: "Identify" }).catch(rethrow);
    const granularity = textOf(childOf(verb, "granularity"));
    return {
      name: textOf(childOf(verb, "repositoryName")),
      granularity: granularity.includes("T") ? "seconds" : "day",
      earliestDatestamp: textOf(childOf(verb, "earliestDatestamp")),
      deletedRecord: textOf(childOf(verb, "deletedRecord")),
    };
  }

  async listMetadataFormats(): Promise<MetadataFormat[]> {
    const { verb } = await this.ask({ verb: "ListMetadataFormats" }).catch(rethrow);
    return childrenOf(verb, "metadataFormat").map((f) => ({
      prefix: textOf(childOf(f, "metadataPrefix")),
      schema: textOf(childOf(f, "schema")),
      namespace: textOf(childOf(f, "metadataNamespace")),
    }));
  }

  /**
   * Every record of the list, page by page. A bad resumption token starts the list again from
   * its first page (at most `restarts` times): records seen twice are the caller's to merge.
   */
  async *listRecords(args: { metadataPrefix: string; set?: string; from?: string }, restarts = 2): AsyncGenerator<ListItem> {
    const first: Record<string, string> = { verb: "ListRecords", metadataPrefix: args.metadataPrefix };
    if (args.set) first.set = args.set;
    if (args.from) first.from = args.from;
    let params = first;
    let left = restarts;
    // The next page's answer, asked for while this page's records are handled (still one request at a time).
    let next: Promise<string> | undefined;
    for (;;) {
      let page: { items: ListItem[]; token: string };
      try {
        page = this.readPage(await (next ?? this.fetchText(params)));
      } catch (error) {
        next = undefined;
        if (error instanceof OaiProtocolError && error.code === "noRecordsMatch" && params === first) return;
        if (error instanceof OaiProtocolError && error.code === "badResumptionToken" && params !== first && left > 0) {
          left--;
          this.options.onRetry?.("badResumptionToken: the list starts again", 0);
          params = first;
          continue;
        }
        rethrow(error);
      }
      if (page.token) {
        params = { verb: "ListRecords", resumptionToken: page.token };
        next = this.fetchText(params);
        // A caller that stops before the next page leaves its failure unawaited; awaited, it still fails.
        next.catch(() => {});
      } else next = undefined;
      yield* page.items;
      if (!page.token) return;
    }
  }

  /** One page's items and the next token ("" at the end). */
  private readPage(xml: string): { items: ListItem[]; token: string } {
    if (!wellFormedError(xml)) {
      const verb = this.verbOf(xml, "ListRecords");
      return { items: childrenOf(verb, "record").map(recordItem), token: textOf(childOf(verb, "resumptionToken")) };
    }
    return this.pageRecordByRecord(xml);
  }

  /**
   * A page that is not well-formed, read record by record (each wrapped in the page's root element,
   * so that its namespace declarations hold): the records that parse are kept, the others reported.
   */
  private pageRecordByRecord(xml: string): { items: ListItem[]; token: string } {
    const root = /<(?:\w+:)?OAI-PMH\b[^>]*>/.exec(xml)?.[0];
    const records = xml.match(/<record\b[\s\S]*?<\/record>/g) ?? [];
    const error = /<error\b[^>]*code="([^"]+)"/.exec(xml);
    if (error) throw new OaiProtocolError(error[1], "in an answer that is not well-formed XML");
    if (!root || records.length === 0) throw new HarvestError("a ListRecords answer is not well-formed XML and holds no readable record");
    this.firstResponseDate ??= /<responseDate>([^<]+)<\/responseDate>/.exec(xml)?.[1];
    const items = records.map((record): ListItem => {
      const wrapped = `${root}${record}</OAI-PMH>`;
      const problem = wellFormedError(wrapped);
      const identifier = /<identifier>\s*([^<]+?)\s*<\/identifier>/.exec(record)?.[1] ?? "(no identifier)";
      if (problem) return { kind: "unreadable", identifier, reason: `not well-formed XML: ${problem}` };
      const [parsed] = parseXml(wrapped);
      return recordItem(childOf(parsed, "record") as Element);
    });
    const token = /<resumptionToken\b[^>]*>([^<]*)<\/resumptionToken>/.exec(xml)?.[1]?.trim() ?? "";
    return { items, token };
  }
}

function recordItem(record: Element): ListItem {
  const header = childOf(record, "header");
  return {
    kind: "record",
    identifier: textOf(childOf(header, "identifier")),
    datestamp: textOf(childOf(header, "datestamp")),
    deleted: attrOf(header, "status") === "deleted",
    metadata: childrenOf(pathOf(record, "metadata"))[0],
  };
}

/** A protocol error the caller did not expect is the pull's failure. */
function rethrow(error: unknown): never {
  if (error instanceof OaiProtocolError) throw new HarvestError(`the repository answered ${error.message}`);
  throw error;
}
