/**
 * COUNTER Release 5.1 reports of one journal's counted use, months `from` to `to` (YYYY-MM), in
 * COUNTER's JSON (the COUNTER_SUSHI 5.1 API's shape) and tabular (TSV) forms:
 * - the title report TR_J3, "Journal Usage by Access Type": investigations and requests, total and
 *   unique. TR_J1 is TR_J3's Controlled requests only, and COUNTER 5.1 puts Open Access use in
 *   `Open`: for an open-access journal TR_J1 is always empty, which the Code says not to offer;
 * - the item report IR_A1, "Journal Article Requests": each article's requests, with its journal as
 *   parent.
 * Both are global ("The World": the site knows no institutions). Rows whose period total is 0 are
 * left out, as COUNTER's zero-usage rule asks. Layouts: COUNTER Code of Practice 5.1, §4.3 and §4.4,
 * and its sample reports (github.com/Project-Counter/cop5, branch 5.1, source/_static/report).
 */
import { href } from "../../contract/route-table.ts";
import { messages } from "../../i18n/messages/index.ts";
import type { ContentDb } from "../db/database.ts";
import type { UsageMetric } from "../db/schema.ts";
import { today } from "../published.ts";

export const REPORT_IDS = ["TR_J3", "IR_A1"] as const;
export type ReportId = (typeof REPORT_IDS)[number];
type MetricType = "Total_Item_Investigations" | "Unique_Item_Investigations" | "Total_Item_Requests" | "Unique_Item_Requests";

const NAMES: Record<ReportId, string> = { TR_J3: "Journal Usage by Access Type", IR_A1: "Journal Article Requests" };
const METRICS: Record<ReportId, MetricType[]> = {
  TR_J3: ["Total_Item_Investigations", "Total_Item_Requests", "Unique_Item_Investigations", "Unique_Item_Requests"],
  IR_A1: ["Total_Item_Requests", "Unique_Item_Requests"],
};
const FILTERS: Record<ReportId, Record<string, string[]>> = {
  TR_J3: { Data_Type: ["Journal"], Access_Method: ["Regular"] },
  IR_A1: { Data_Type: ["Article"], Access_Method: ["Regular"] },
};
const SOURCE: Record<MetricType, { metric: UsageMetric; unique: boolean }> = {
  Total_Item_Investigations: { metric: "investigation", unique: false },
  Unique_Item_Investigations: { metric: "investigation", unique: true },
  Total_Item_Requests: { metric: "request", unique: false },
  Unique_Item_Requests: { metric: "request", unique: true },
};

export interface ReportOptions {
  /** The publisher and platform's name (Publisher, Platform, Created_By). */
  publisher: string;
  /** The platform's id, the namespace of proprietary ids (`{platform}:{id}`). */
  platform: string;
  /** An article's or journal's page (absolute URL), the URI column. */
  journalUrl: (slug: string) => string;
  articleUrl: (slug: string, issueId: string, articleId: string) => string;
  created?: Date;
}

/** The reports' fixed parts: the publisher's name, and addresses on PUBLIC_URL (or localhost). */
export function reportOptions(publicUrl: string | undefined): ReportOptions {
  const origin = publicUrl ?? "http://localhost:3000";
  return {
    publisher: messages.en.site.name,
    platform: new URL(origin).hostname,
    journalUrl: (slug) => `${origin}${href("journal", { slug })}`,
    articleUrl: (slug, issueId, articleSlug) => `${origin}${href("journal-article", { slug, issueId, articleSlug })}`,
  };
}

/** The months from `from` to `to`, `YYYY-MM`. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  const [fromYear, fromMonth] = from.split("-").map(Number);
  for (let index = fromYear * 12 + fromMonth - 1; ; index++) {
    const month = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
    if (month > to) return months;
    months.push(month);
  }
}

const lastDay = (month: string) => {
  const [year, m] = month.split("-").map(Number);
  return `${month}-${String(new Date(Date.UTC(year, m, 0)).getUTCDate()).padStart(2, "0")}`;
};

/** The journal (by its English slug) and its articles' counts per month, or undefined when no journal has the slug. */
export async function readJournalUsage(db: ContentDb, slug: string, from: string, to: string) {
  const journal = await db
    .selectFrom("journalText as jt")
    .innerJoin("journal as j", "j.id", "jt.journalId")
    .where("jt.locale", "=", "en")
    .where("jt.slug", "=", slug)
    .select(["j.id", "jt.slug", "jt.title", "j.printIssn", "j.eIssn", "j.openAccess"])
    .executeTakeFirst();
  if (!journal) return undefined;
  const counts = await db
    .selectFrom("usageDay")
    .where("journalId", "=", journal.id)
    .where("day", ">=", `${from}-01`)
    .where("day", "<=", lastDay(to))
    .select(["articleId", "day", "metric", "totalCount", "uniqueCount"])
    .execute();
  const ids = [...new Set(counts.map((c) => c.articleId))];
  const articles =
    ids.length === 0
      ? []
      : await db
          .selectFrom("article as a")
          .innerJoin("articleText as t", (j) =>
            j.onRef("t.journalId", "=", "a.journalId").onRef("t.articleId", "=", "a.id").on("t.locale", "=", "en"),
          )
          .where("a.journalId", "=", journal.id)
          .where("a.id", "in", ids)
          .where("a.publishedOn", "<=", today())
          .select(["a.id", "a.issueId", "a.doi", "a.publishedOn", "t.title"])
          .execute();
  const authors =
    ids.length === 0
      ? []
      : await db
          .selectFrom("articleAuthor")
          .where("journalId", "=", journal.id)
          .where("articleId", "in", ids)
          .select(["articleId", "name", "orcid", "position"])
          .orderBy("position")
          .execute();
  return { journal: { ...journal, openAccess: Boolean(journal.openAccess) }, counts, articles, authors: Map.groupBy(authors, (a) => a.articleId) };
}
export type JournalUsage = NonNullable<Awaited<ReturnType<typeof readJournalUsage>>>;

interface Row {
  columns: Record<string, string>;
  accessType: "Open" | "Controlled";
  metric: MetricType;
  months: Record<string, number>;
}

/** A report's rows: one per item and metric with a use in the period, items in title order. */
function rows(report: ReportId, usage: JournalUsage, months: string[], options: ReportOptions): Row[] {
  const { journal } = usage;
  const accessType = journal.openAccess ? "Open" : "Controlled";
  const sum = (articleId: string | undefined, type: MetricType) => {
    const { metric, unique } = SOURCE[type];
    const byMonth = Object.fromEntries(months.map((m) => [m, 0]));
    for (const c of usage.counts) {
      if (c.metric !== metric || (articleId !== undefined && c.articleId !== articleId)) continue;
      const month = c.day.slice(0, 7);
      if (month in byMonth) byMonth[month] += Number(unique ? c.uniqueCount : c.totalCount);
    }
    return byMonth;
  };
  const journalColumns = {
    DOI: "",
    Proprietary_ID: `${options.platform}:${journal.id}`,
    Print_ISSN: journal.printIssn ?? "",
    Online_ISSN: journal.eIssn,
    URI: options.journalUrl(journal.slug),
  };
  const items =
    report === "TR_J3"
      ? [
          {
            id: undefined,
            columns: { Title: journal.title, Publisher: options.publisher, Publisher_ID: "", Platform: options.publisher, ...journalColumns },
          },
        ]
      : usage.articles
          .toSorted((a, b) => a.title.localeCompare(b.title, "en"))
          .map((a) => ({
            id: a.id,
            columns: {
              Item: a.title,
              Publisher: options.publisher,
              Publisher_ID: "",
              Platform: options.publisher,
              Authors: (usage.authors.get(a.id) ?? [])
                .slice(0, 3)
                .map((p) => (p.orcid ? `${p.name} (ORCID:${p.orcid})` : p.name))
                .join("; "),
              Publication_Date: a.publishedOn,
              Article_Version: "VoR",
              DOI: a.doi ?? "",
              Proprietary_ID: `${options.platform}:${journal.id}/${a.id}`,
              Print_ISSN: "",
              Online_ISSN: "",
              URI: options.articleUrl(journal.slug, a.issueId, a.id),
              Parent_Title: journal.title,
              Parent_Authors: "",
              Parent_Article_Version: "",
              Parent_DOI: "",
              Parent_Proprietary_ID: journalColumns.Proprietary_ID,
              Parent_Print_ISSN: journalColumns.Print_ISSN,
              Parent_Online_ISSN: journalColumns.Online_ISSN,
              Parent_URI: journalColumns.URI,
            },
          }));
  return items.flatMap((item) =>
    METRICS[report]
      .map((metric): Row => ({ columns: item.columns, accessType, metric, months: sum(item.id, metric) }))
      .filter((row) => Object.values(row.months).some((n) => n > 0)),
  );
}

function header(report: ReportId, from: string, to: string, options: ReportOptions) {
  return {
    Release: "5.1",
    Report_ID: report,
    Report_Name: NAMES[report],
    Created: (options.created ?? new Date()).toISOString().replace(/\.\d{3}Z$/, "Z"),
    Created_By: options.publisher,
    Institution_ID: { Proprietary: [`${options.platform}:0000000000000000`] },
    Institution_Name: "The World",
    Registry_Record: "",
    Report_Filters: { Metric_Type: METRICS[report], Begin_Date: `${from}-01`, End_Date: lastDay(to), ...FILTERS[report] },
  };
}

/** The report in COUNTER 5.1's JSON. */
export function reportJson(report: ReportId, usage: JournalUsage, from: string, to: string, options: ReportOptions) {
  const months = monthsBetween(from, to);
  const performance = (list: Row[]) =>
    Object.fromEntries(list.map((row) => [row.metric, Object.fromEntries(Object.entries(row.months).filter(([, n]) => n > 0))]));
  const grouped = Map.groupBy(rows(report, usage, months, options), (row) => row.columns);
  const items = [...grouped].map(([columns, list]) =>
    report === "TR_J3"
      ? {
          Title: columns.Title,
          Publisher: columns.Publisher,
          Platform: columns.Platform,
          Item_ID: {
            Proprietary: columns.Proprietary_ID,
            Online_ISSN: columns.Online_ISSN,
            ...(columns.Print_ISSN && { Print_ISSN: columns.Print_ISSN }),
            URI: columns.URI,
          },
          Attribute_Performance: [{ Access_Type: list[0].accessType, Performance: performance(list) }],
        }
      : {
          Item: columns.Item,
          Publisher: columns.Publisher,
          Platform: columns.Platform,
          Item_ID: { ...(columns.DOI && { DOI: columns.DOI }), Proprietary: columns.Proprietary_ID, URI: columns.URI },
          Authors: columns.Authors
            ? columns.Authors.split("; ").map((a) => ({
                Name: a.replace(/ \(ORCID:.*\)$/, ""),
                ...(a.includes("(ORCID:") && { ORCID: a.slice(a.indexOf("ORCID:") + 6, -1) }),
              }))
            : [],
          Publication_Date: columns.Publication_Date,
          Article_Version: "VoR",
          Attribute_Performance: [{ Access_Type: list[0].accessType, Performance: performance(list) }],
        },
  );
  const { journal } = usage;
  return {
    Report_Header: header(report, from, to, options),
    Report_Items:
      report === "TR_J3" || items.length === 0
        ? items
        : [
            {
              Title: journal.title,
              Item_ID: {
                Proprietary: `${options.platform}:${journal.id}`,
                Online_ISSN: journal.eIssn,
                ...(journal.printIssn && { Print_ISSN: journal.printIssn }),
              },
              Items: items,
            },
          ],
  };
}

/** The report in COUNTER 5.1's tabular form: a byte order mark, 13 header rows, a blank one, the table; tab-separated. */
export function reportTsv(report: ReportId, usage: JournalUsage, from: string, to: string, options: ReportOptions): string {
  const months = monthsBetween(from, to);
  const body = rows(report, usage, months, options);
  const first =
    report === "TR_J3"
      ? ["Title", "Publisher", "Publisher_ID", "Platform", "DOI", "Proprietary_ID", "Print_ISSN", "Online_ISSN", "URI"]
      : [
          "Item",
          "Publisher",
          "Publisher_ID",
          "Platform",
          "Authors",
          "Publication_Date",
          "Article_Version",
          "DOI",
          "Proprietary_ID",
          "Print_ISSN",
          "Online_ISSN",
          "URI",
          "Parent_Title",
          "Parent_Authors",
          "Parent_Article_Version",
          "Parent_DOI",
          "Parent_Proprietary_ID",
          "Parent_Print_ISSN",
          "Parent_Online_ISSN",
          "Parent_URI",
        ];
  const monthLabel = (m: string) =>
    new Date(`${m}-01T00:00:00Z`).toLocaleString("en", { month: "short", year: "numeric", timeZone: "UTC" }).replace(" ", "-");
  const headings = [...first, "Access_Type", "Metric_Type", "Reporting_Period_Total", ...months.map(monthLabel)];
  const h = header(report, from, to, options);
  const filters = Object.entries(FILTERS[report])
    .map(([name, values]) => `${name}=${values.join("|")}`)
    .join("; ");
  const top: [string, string][] = [
    ["Report_Name", h.Report_Name],
    ["Report_ID", report],
    ["Release", "5.1"],
    ["Institution_Name", h.Institution_Name],
    ["Institution_ID", `${options.platform}:0000000000000000`],
    ["Metric_Types", METRICS[report].join("; ")],
    ["Report_Filters", filters],
    ["Report_Attributes", ""],
    ["Exceptions", ""],
    ["Reporting_Period", `Begin_Date=${h.Report_Filters.Begin_Date}; End_Date=${h.Report_Filters.End_Date}`],
    ["Created", h.Created],
    ["Created_By", h.Created_By],
    ["Registry_Record", ""],
  ];
  const pad = (cells: string[]) => [...cells, ...Array(Math.max(0, headings.length - cells.length)).fill("")];
  const clean = (cell: string) => cell.replace(/[\t\r\n]+/g, " ");
  const lines = [
    ...top.map((cells) => pad(cells)),
    pad([]),
    headings,
    ...body.map((row) => {
      const counts = months.map((m) => row.months[m]);
      return [
        ...first.map((c) => row.columns[c] ?? ""),
        row.accessType,
        row.metric,
        String(counts.reduce((a, b) => a + b, 0)),
        ...counts.map(String),
      ];
    }),
  ];
  return `\uFEFF${lines.map((cells) => cells.map(clean).join("\t")).join("\n")}\n`;
}
