import { createHash } from "node:crypto";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../../tests/databases.ts";
import { demoBundle } from "../../tests/demo-snapshot.ts";
import { createApiApp } from "../api/app.ts";
import { createContentService } from "../api/content-service.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { today } from "../published.ts";
import { recordUsage, type Use } from "./record.ts";
import { monthsBetween } from "./report.ts";
import { parseCommand, reportOptions, runReport, UsageError } from "./usage-command.ts";

const visitor = (n: number) => createHash("sha256").update(`visitor ${n}`).digest("hex");

describe("the report command's arguments", () => {
  it("want a journal and two months in order", () => {
    expect(parseCommand(["report", "--journal", "x", "--from", "2026-10", "--to", "2026-11"])).toEqual({
      journal: "x",
      from: "2026-10",
      to: "2026-11",
      out: "reports",
    });
    for (const argv of [
      [],
      ["reports"],
      ["report", "--from", "2026-10", "--to", "2026-11"],
      ["report", "--journal", "x", "--from", "2026-13", "--to", "2026-11"],
      ["report", "--journal", "x", "--from", "2026-11", "--to", "2026-10"],
      ["report", "--journal", "x", "--from", "2026-10", "--to", "2026-11", "--format", "xml"],
    ]) {
      expect(() => parseCommand(argv)).toThrow(UsageError);
    }
    expect(monthsBetween("2025-11", "2026-02")).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
  });
});

for (const database of testDatabases({ demo: true })) {
  describe(`a journal's COUNTER reports on ${database.dialect}`, () => {
    let handle: DatabaseHandle;
    let articles: { id: string; issueId: string; title: string }[];
    beforeAll(async () => {
      handle = await database.open();
      const bundle = demoBundle();
      const journal = bundle.journals.find((j) => j.journal.id === "journal-of-social-inquiry");
      articles = (journal?.issues ?? []).flatMap((i) =>
        i.articles.filter((a) => a.publishedOn <= today()).map((a) => ({ id: a.id, issueId: i.id, title: a.en.title })),
      );
      // October: the first article's page by 3 visitors (one twice, in two hours), and its PDF by one.
      // November: the second article's page by 2 visitors. Another journal's article: 1 view, not in this report.
      const use = (article: { id: string }, kind: Use["kind"], at: string, who: number, journal = "journal-of-social-inquiry"): Use => ({
        kind,
        locale: "en",
        journal,
        articleId: article.id,
        at,
        visitor: visitor(who),
      });
      const october = Date.parse("2026-10-15T18:00:00.000Z");
      await recordUsage(
        handle.db,
        [
          use(articles[0], "page", "2026-10-15T09:00:00.000Z", 1),
          use(articles[0], "page", "2026-10-15T10:00:00.000Z", 1),
          use(articles[0], "page", "2026-10-15T10:10:00.000Z", 2),
          use(articles[0], "page", "2026-10-15T11:00:00.000Z", 3),
          use(articles[0], "galley", "2026-10-15T11:05:00.000Z", 3),
        ],
        october,
      );
      await recordUsage(
        handle.db,
        [use(articles[1], "page", "2026-11-02T08:00:00.000Z", 4), use(articles[1], "page", "2026-11-02T08:30:00.000Z", 5)],
        Date.parse("2026-11-02T12:00:00.000Z"),
      );
      const other = bundle.journals.find((j) => j.journal.id === "anatolian-journal-of-education");
      const otherArticle = other?.issues[0].articles[0] as { id: string };
      await recordUsage(handle.db, [use(otherArticle, "page", "2026-10-15T09:00:00.000Z", 1, other?.journal.en.slug)], october);
    });
    afterAll(() => handle.db.destroy());

    it("match the uses sent, month by month, as TSV and JSON", async () => {
      const out = await mkdtemp(path.join(tmpdir(), "usage-report-"));
      const options = { ...reportOptions("https://press.example"), created: new Date("2026-12-01T08:00:00.000Z") };
      const files = await runReport(handle.db, { journal: "journal-of-social-inquiry", from: "2026-10", to: "2026-11", out }, options);
      expect(files.map((f) => path.basename(f))).toEqual([
        "journal-of-social-inquiry_TR_J3_2026-10_2026-11.tsv",
        "journal-of-social-inquiry_TR_J3_2026-10_2026-11.json",
        "journal-of-social-inquiry_IR_A1_2026-10_2026-11.tsv",
        "journal-of-social-inquiry_IR_A1_2026-10_2026-11.json",
      ]);
      const [titleTsv, titleJson, itemTsv, itemJson] = await Promise.all(files.map((f) => readFile(f, "utf8")));

      // The title report: every page shows a full text (a request too), the PDF is both.
      const title = JSON.parse(titleJson);
      expect(title.Report_Header).toMatchObject({
        Release: "5.1",
        Report_ID: "TR_J3",
        Report_Name: "Journal Usage by Access Type",
        Institution_Name: "The World",
        Created: "2026-12-01T08:00:00Z",
        Report_Filters: { Begin_Date: "2026-10-01", End_Date: "2026-11-30", Data_Type: ["Journal"], Access_Method: ["Regular"] },
      });
      expect(title.Report_Items).toHaveLength(1);
      expect(title.Report_Items[0]).toMatchObject({
        Title: "Journal of Social Inquiry",
        Item_ID: { Online_ISSN: "2147-5849", Print_ISSN: "2147-5830" },
      });
      expect(title.Report_Items[0].Attribute_Performance).toEqual([
        {
          Access_Type: "Open",
          Performance: {
            Total_Item_Investigations: { "2026-10": 5, "2026-11": 2 },
            Total_Item_Requests: { "2026-10": 5, "2026-11": 2 },
            // Sessions: visitor 1 at 9 and at 10, visitors 2 and 3; visitors 4 and 5.
            Unique_Item_Investigations: { "2026-10": 4, "2026-11": 2 },
            Unique_Item_Requests: { "2026-10": 4, "2026-11": 2 },
          },
        },
      ]);
      const titleLines = titleTsv.split("\n");
      expect(titleTsv.startsWith("\uFEFFReport_Name\tJournal Usage by Access Type\t")).toBe(true);
      expect(titleLines[13].trim()).toBe("");
      expect(titleLines[14].split("\t").slice(-5)).toEqual(["Access_Type", "Metric_Type", "Reporting_Period_Total", "Oct-2026", "Nov-2026"]);
      expect(titleLines.slice(15, 19).map((l) => l.split("\t").slice(-5))).toEqual([
        ["Open", "Total_Item_Investigations", "7", "5", "2"],
        ["Open", "Total_Item_Requests", "7", "5", "2"],
        ["Open", "Unique_Item_Investigations", "6", "4", "2"],
        ["Open", "Unique_Item_Requests", "6", "4", "2"],
      ]);

      // The item report: each article's requests, under its journal.
      const items = JSON.parse(itemJson).Report_Items[0].Items;
      expect(items.map((i: { Item: string; Attribute_Performance: unknown }) => [i.Item, i.Attribute_Performance])).toEqual(
        [
          [
            articles[0].title,
            [{ Access_Type: "Open", Performance: { Total_Item_Requests: { "2026-10": 5 }, Unique_Item_Requests: { "2026-10": 4 } } }],
          ],
          [
            articles[1].title,
            [{ Access_Type: "Open", Performance: { Total_Item_Requests: { "2026-11": 2 }, Unique_Item_Requests: { "2026-11": 2 } } }],
          ],
        ].sort((a, b) => (a[0] as string).localeCompare(b[0] as string, "en")),
      );
      const itemRows = itemTsv.split("\n").slice(15, -1);
      expect(itemRows).toHaveLength(4);
      expect(itemRows.every((row) => row.split("\t").includes(`https://press.example/journals/journal-of-social-inquiry`))).toBe(true);
    });

    it("answers the same JSON at the API to the token's holder, and 401 in the caller's language to anyone else", async () => {
      const api = createApiApp(createContentService(handle.db), {
        publicUrl: "https://press.example",
        usageReports: { db: handle.db, token: "t".repeat(32) },
      });
      const path = "/api/usage/reports/tr_j3?journal=journal-of-social-inquiry&begin_date=2026-10-01&end_date=2026-11-30";
      const answer = await api.request(path, { headers: { Authorization: `Bearer ${"t".repeat(32)}` } });
      expect(answer.status).toBe(200);
      const report = await answer.json();
      expect(report.Report_Items[0].Attribute_Performance[0].Performance.Total_Item_Requests).toEqual({ "2026-10": 5, "2026-11": 2 });
      for (const headers of [{}, { Authorization: "Bearer wrong" }] as Record<string, string>[]) {
        const refused = await api.request(path, { headers: { ...headers, "Accept-Language": "tr" } });
        expect(refused.status).toBe(401);
        expect((await refused.json()).message).toContain("erişim anahtarı");
      }
      const bad = await api.request(path.replace("2026-10-01", "2026-13"), { headers: { Authorization: `Bearer ${"t".repeat(32)}` } });
      expect([bad.status, (await bad.json()).message]).toEqual([400, "The parameter 'begin_date' is not valid."]);
      const unknown = await api.request(path.replace("social-inquiry", "nothing"), { headers: { Authorization: `Bearer ${"t".repeat(32)}` } });
      expect(unknown.status).toBe(404);
    });

    it("refuses a journal no slug names", async () => {
      await expect(
        runReport(handle.db, { journal: "no-such-journal", from: "2026-10", to: "2026-10", out: tmpdir() }, reportOptions(undefined)),
      ).rejects.toThrow(UsageError);
    });
  });
}
