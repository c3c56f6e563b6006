/**
 * An OAI-PMH 2.0 harvester's side of the protocol (http://www.openarchives.org/OAI/openarchivesprotocol.html),
 * done the way a repository expects of a polite client: one request at a time, each with a
 * timeout; network errors, 5xx and 429 retried with exponential back-off; a `503` with
 * `Retry-After` waited out (within a bound, a bounded number of times); resumption tokens followed
 * to the end of the list; a `badResumptionToken` (an expired or lost token) answered by asking for
 * the list again from its start; `noRecordsMatch` an empty list. A page whose records are not all
 * well-formed is read record by record, and a record that is not well-formed is reported with its
 * identifier and skipped.
 *
 * And the way an operator expects of background work: a source has a time and a request budget
 * (its waits and back-offs spent from the time), and a list that cannot be complete fails the
 * pull, saying what it read: a resumption token sent twice (the list would never end), a page cut
 * off or not well-formed outside its records, or a list that ends short of the `completeListSize`
 * it announced (decision 042).
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
  /** `Retry-After` waits for one request: a repository busy for ever fails the pull. */
  maxRetryAfters: number;
  /** The whole of one source's pull: its requests, back-offs and waits, and the records' handling between them. */
  budgetMs: number;
  /** The most requests one source's pull sends. */
  maxRequests: number;
  /** Told of each request as it is sent (progress, counts). */
  onRequest?: (url: URL) => void;
  /** Told of each retry, and why. */
  onRetry?: (reason: string, waitMs: number) => void;
}

/**
 * A source's budget: a quarter of an hour and 5 000 requests. A journal's whole list is a few
 * dozen pages (OJS, Janeway and DergiPark send 100 records a page), so these are generous for the
 * first pull of a large journal and still end a repository that never ends its list.
 */
export const defaultClientOptions: ClientOptions = {
  timeoutMs: 60_000,
  retries: 5,
  backoffMs: 2000,
  maxRetryAfterMs: 300_000,
  maxRetryAfters: 10,
  budgetMs: 15 * 60_000,
  maxRequests: 5000,
};

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

/** A length of time as a person reads it in a message. */
const duration = (ms: number) => (ms >= 120_000 ? `${Math.round(ms / 60_000)} min` : `${(ms / 1000).toFixed(1)} s`);

export class OaiClient {
  readonly baseUrl: string;
  readonly options: ClientOptions;
  /** The responseDate of the first answer: where the next incremental harvest starts. */
  firstResponseDate: string | undefined;
  /** Requests sent so far, counted against `maxRequests`. */
  private requests = 0;
  /** When the budget's clock started: this client's making, at the start of its source's pull. */
  private readonly started = Date.now();
  /** The list being read: records read since its first page, and the size it announced. */
  private list: { read: number; size?: number } | undefined;

  constructor(baseUrl: string, options: Partial<ClientOptions> = {}) {
    this.baseUrl = baseUrl;
    this.options = { ...defaultClientOptions, ...options };
  }

  /** What is left of the source's time budget, in milliseconds (0 when spent). */
  timeLeft(): number {
    return Math.max(0, this.options.budgetMs - (Date.now() - this.started));
  }

  /** What a failure message says was read of the list ("read 5 of 25 records"), if one was being read. */
  private progress(): string {
    if (!this.list) return "";
    const { read, size } = this.list;
    return `; read ${read}${size === undefined ? "" : ` of ${size}`} records`;
  }

  private outOfBudget(what: string): HarvestError {
    return new HarvestError(`${what}${this.progress()}, and the pull of this source stops here`);
  }

  /** Waits `ms` unless that would pass the time budget, which fails the pull at once instead. */
  private async wait(ms: number, reason: string) {
    const left = this.timeLeft();
    if (ms >= left)
      throw this.outOfBudget(
        `${reason}: waiting ${duration(ms)} would pass this source's time budget of ${duration(this.options.budgetMs)} (${duration(left)} left)`,
      );
    this.options.onRetry?.(reason, ms);
    await sleep(ms);
  }

  /** The body of a successful answer, after the retries the options and the budget allow. */
  private async fetchText(params: Record<string, string>): Promise<string> {
    const url = new URL(this.baseUrl);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    const { retries, backoffMs, timeoutMs, maxRetryAfterMs, maxRetryAfters, maxRequests, budgetMs } = this.options;
    let failure = "";
    let waited = 0;
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (attempt > 0) await this.wait(backoffMs * 2 ** (attempt - 1), failure);
      if (this.requests >= maxRequests) throw this.outOfBudget(`${url.host}: ${maxRequests} requests sent, this source's request budget`);
      const left = this.timeLeft();
      if (left === 0) throw this.outOfBudget(`${url.host}: this source's time budget of ${duration(budgetMs)} is spent`);
      this.requests++;
      this.options.onRequest?.(url);
      // The request's own timeout, or less when less is left of the budget.
      const limit = Math.min(timeoutMs, left);
      let response: Response;
      let body: string;
      try {
        response = await fetch(url, {
          headers: { Accept: "text/xml, application/xml", "User-Agent": "MeridianHarvester/1.0 (OAI-PMH 2.0)" },
          redirect: "follow",
          signal: AbortSignal.timeout(limit),
        });
        body = await response.text();
      } catch (error) {
        const cause = (error as Error & { cause?: Error }).cause;
        if ((error as Error).name === "TimeoutError" && limit < timeoutMs)
          throw this.outOfBudget(`${url.host}: no answer to ${params.verb} before this source's time budget of ${duration(budgetMs)} was spent`);
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
            throw new HarvestError(`${url.host} asks to wait ${Math.round(wait / 1000)} s (Retry-After), longer than allowed${this.progress()}`);
          // A repository that says when to come back is not failing, so its wait is not a try; but one that says it every time is.
          if (++waited > maxRetryAfters)
            throw this.outOfBudget(`${url.host} answered ${params.verb} with HTTP ${response.status} and Retry-After ${waited} times`);
          await this.wait(wait, `${failure}, Retry-After`);
          attempt--;
          failure = `${failure} (after Retry-After)`;
          continue;
        }
      }
      if (response.status < 500 && response.status !== 429)
        throw new HarvestError(`${url.host} answered HTTP ${response.status} to ${params.verb}${this.progress()}`);
    }
    throw new HarvestError(`${url.host} did not answer ${params.verb} after ${retries + 1} tries: ${failure}${this.progress()}`);
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
   *
   * The list is complete only when a page ends it (its resumption token empty, or absent), having
   * sent as many records as the last `completeListSize` announced: a list that ends short fails,
   * as does a token sent a second time (a repository going round in circles). The size is a
   * floor, not an exact count: OAI-PMH lets a list change while it is harvested, and a record
   * added meanwhile makes it longer, which is no loss.
   */
  async *listRecords(args: { metadataPrefix: string; set?: string; from?: string }, restarts = 2): AsyncGenerator<ListItem> {
    const first: Record<string, string> = { verb: "ListRecords", metadataPrefix: args.metadataPrefix };
    if (args.set) first.set = args.set;
    if (args.from) first.from = args.from;
    let params = first;
    let left = restarts;
    this.list = { read: 0 };
    let tokens = new Set<string>();
    // The next page's answer, asked for while this page's records are handled (still one request at a time).
    let next: Promise<string> | undefined;
    try {
      for (;;) {
        let page: Page;
        try {
          page = this.readPage(await (next ?? this.fetchText(params)));
        } catch (error) {
          next = undefined;
          if (error instanceof OaiProtocolError && error.code === "noRecordsMatch" && params === first) return;
          if (error instanceof OaiProtocolError && error.code === "badResumptionToken" && params !== first && left > 0) {
            left--;
            this.options.onRetry?.("badResumptionToken: the list starts again", 0);
            params = first;
            this.list = { read: 0 };
            tokens = new Set();
            continue;
          }
          rethrow(error);
        }
        this.list.read += page.items.length;
        if (page.size !== undefined) this.list.size = page.size;
        if (page.token) {
          if (tokens.has(page.token))
            throw new HarvestError(
              `the repository sent the resumption token "${page.token}" a second time: its list would never end${this.progress()}`,
            );
          tokens.add(page.token);
          params = { verb: "ListRecords", resumptionToken: page.token };
          next = this.fetchText(params);
          // A caller that stops before the next page leaves its failure unawaited; awaited, it still fails.
          next.catch(() => {});
        } else next = undefined;
        yield* page.items;
        if (!page.token) {
          const { read, size } = this.list;
          if (size !== undefined && read < size)
            throw new HarvestError(`the list ended early${this.progress()} (the size it announced), so the rest is asked for again next time`);
          return;
        }
      }
    } finally {
      this.list = undefined;
    }
  }

  /** One page's items, the next token ("" at the end) and the list's size when the page gives it. */
  private readPage(xml: string): Page {
    if (!wellFormedError(xml)) {
      const verb = this.verbOf(xml, "ListRecords");
      const token = childOf(verb, "resumptionToken");
      return { items: childrenOf(verb, "record").map(recordItem), token: textOf(token), size: sizeOf(attrOf(token, "completeListSize")) };
    }
    return this.pageRecordByRecord(xml);
  }

  /**
   * A page that is not well-formed, read record by record (each wrapped in the page's root element,
   * so that its namespace declarations hold): the records that parse are kept, the others reported.
   * Only when the page is whole around its records: a page cut off, or broken outside its records,
   * may have lost records or its resumption token without a trace, and fails the list.
   */
  private pageRecordByRecord(xml: string): Page {
    const error = /<error\b[^>]*code="([^"]+)"/.exec(xml);
    if (error) throw new OaiProtocolError(error[1], "in an answer that is not well-formed XML");
    const records = xml.match(RECORD) ?? [];
    const envelope = xml.replace(RECORD, "");
    const problem = wellFormedError(envelope);
    if (problem) {
      const read = (this.list?.read ?? 0) + records.length;
      const size = this.list?.size === undefined ? "" : ` of ${this.list.size}`;
      throw new HarvestError(
        `a ListRecords answer is cut off or not well-formed XML outside its records (${problem}); read ${read}${size} records, the last page's whole ones included`,
      );
    }
    // Whole around its records: its token, size and response date as a well-formed page gives them.
    const { token, size } = this.readPage(envelope);
    const [, open, rootName] = /(<((?:[\w.-]+:)?OAI-PMH)\b[^>]*>)/.exec(xml) as RegExpExecArray;
    const items = records.map((record): ListItem => {
      const wrapped = `${open}${record}</${rootName}>`;
      const problem = wellFormedError(wrapped);
      const identifier = /<(?:[\w.-]+:)?identifier>\s*([^<]+?)\s*<\/(?:[\w.-]+:)?identifier>/.exec(record)?.[1] ?? "(no identifier)";
      if (problem) return { kind: "unreadable", identifier, reason: `not well-formed XML: ${problem}` };
      const [parsed] = parseXml(wrapped);
      return recordItem(childOf(parsed, "record") as Element);
    });
    return { items, token, size };
  }
}

/** A record of a page, whole (from its start tag to its end tag). */
const RECORD = /<(?:[\w.-]+:)?record\b[\s\S]*?<\/(?:[\w.-]+:)?record>/g;

interface Page {
  items: ListItem[];
  token: string;
  /** The list's `completeListSize`, when the page's token gives one. */
  size?: number;
}

const sizeOf = (value: string | undefined) => (value && /^\d+$/.test(value.trim()) ? Number(value) : undefined);

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
