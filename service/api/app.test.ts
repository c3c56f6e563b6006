import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiError,
  type ArticleDetail,
  type ArticleSummary,
  type ContentItem,
  type EditorialBoard,
  type Entities,
  type Initial,
  type Issue,
  type IssueArticles,
  type JournalDetail,
  type JournalDirectory,
  type JournalFacet,
  type JournalFilters,
  journalFacets,
  type LatestArticle,
  type LatestArticles,
  type List,
  type Page,
} from "../../contract/api-types.ts";
import { testDatabases } from "../../tests/databases.ts";
import { demoBundle } from "../../tests/demo-snapshot.ts";
import { importContent } from "../content/import.ts";
import { renderMarkdown } from "../content/markdown.ts";
import type { ContentBundle } from "../content/read-folder.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { createApiApp } from "./app.ts";
import { createContentService } from "./content-service.ts";

const demo = demoBundle();

/**
 * The demo content with one service's order removed: it must then be listed last; and the first
 * journal's first English article with its title untranslated (the same in both locales).
 */
function bundleWithUnorderedService(): { bundle: ContentBundle; unorderedId: string; untranslated: { issueId: string; id: string } } {
  const bundle = structuredClone(demo);
  const first = bundle.services.find((s) => s.order === 1) ?? bundle.services[0];
  delete first.order;
  varyJournals(bundle);
  const today = new Date().toISOString().slice(0, 10);
  const listed = (a: ContentBundle["journals"][number]["issues"][number]["articles"][number]) => a.language === "en" && a.publishedOn <= today;
  const issue = bundle.journals[0].issues.find((i) => i.articles.some(listed));
  const article = issue?.articles.find(listed);
  if (!issue || !article) throw new Error("the demo's first journal has no English article");
  article.tr.title = article.en.title;
  return { bundle, unorderedId: first.id, untranslated: { issueId: issue.id, id: article.id } };
}

/**
 * Every demo journal is open access and printed and online, each in categories of its own:
 * the second and third share the first's category, the second is made closed access and the
 * third online only, so that the journal filters have something to tell apart.
 */
function varyJournals(bundle: ContentBundle) {
  const [first, second, third] = bundle.journals.map((j) => j.journal);
  const shared = first.categories[0];
  for (const journal of [second, third]) if (!journal.categories.includes(shared)) journal.categories.push(shared);
  second.openAccess = false;
  const otherFormat = bundle.reference.publicationFormats.find((f) => f.id !== third.publicationFormat);
  if (!otherFormat) throw new Error("the demo content has a single publication format");
  third.publicationFormat = otherFormat.id;
}

/** What the journal directory should answer for `filters`, computed from the content files. */
function expectedDirectory(bundle: ContentBundle, filters: JournalFilters) {
  const valuesOf = ({ journal: j }: ContentBundle["journals"][number]): Record<JournalFacet, string[]> => ({
    category: j.categories,
    index: j.indexes,
    format: [j.publicationFormat],
    review: [j.reviewType],
    access: j.openAccess ? ["open"] : [],
  });
  const matching = (except?: JournalFacet) =>
    bundle.journals.filter((j) => journalFacets.every((f) => f === except || filters[f] === undefined || valuesOf(j)[f].includes(filters[f])));
  const counts = (facet: JournalFacet) => {
    const byValue: Record<string, number> = {};
    for (const value of matching(facet).flatMap((j) => valuesOf(j)[facet])) byValue[value] = (byValue[value] ?? 0) + 1;
    return byValue;
  };
  return {
    ids: new Set(matching().map((j) => j.journal.id)),
    facets: {
      category: counts("category"),
      index: counts("index"),
      format: counts("format"),
      review: counts("review"),
      access: { open: counts("access").open ?? 0 },
    },
  };
}

for (const database of testDatabases()) {
  describe(`content API on ${database.dialect}`, () => {
    let handle: DatabaseHandle;
    let app: ReturnType<typeof createApiApp>;
    const { bundle, unorderedId, untranslated } = bundleWithUnorderedService();
    const get = async <T>(path: string, headers: Record<string, string> = {}) => {
      const response = await app.request(path, { headers });
      return { status: response.status, body: (await response.json()) as T };
    };

    beforeAll(async () => {
      handle = await database.open();
      await importContent(handle.db, bundle);
      app = createApiApp(createContentService(handle.db));
    });
    afterAll(() => handle.db.destroy());

    it("answers the initial payload with the statistics computed from the catalogue", async () => {
      const { status, body } = await get<Initial>("/api/tr/initial");
      expect(status).toBe(200);
      expect(Object.keys(body).sort()).toEqual(
        ["articleCount", "articleViews", "doubleBlindRate", "globalIndexingDatabases", "journalCount", "policies", "services"].sort(),
      );
      const articles = bundle.journals.flatMap((j) => j.issues.flatMap((i) => i.articles));
      const doubleBlind = new Set(bundle.reference.reviewTypes.filter((r) => r.doubleBlind).map((r) => r.id));
      const globalIndexes = new Set(bundle.reference.indexes.filter((x) => x.global).map((x) => x.id));
      expect(body.journalCount).toBe(bundle.journals.length);
      expect(body.articleCount).toBe(articles.length);
      // Views are counted (service/usage/), none yet here: a file's typed `views` are no longer read.
      expect(body.articleViews).toBe(0);
      expect(body.doubleBlindRate).toBe(
        Math.round((100 * bundle.journals.filter((j) => doubleBlind.has(j.journal.reviewType)).length) / bundle.journals.length),
      );
      expect(body.globalIndexingDatabases).toBe(new Set(bundle.journals.flatMap((j) => j.journal.indexes).filter((x) => globalIndexes.has(x))).size);
      expect(body.services.map((s) => s.title)).toContain(bundle.services[1].tr.title);
    });

    it("sorts content items by order, with an item without order last", async () => {
      const { body } = await get<List<ContentItem>>("/api/services/en");
      expect(body.Count).toBe(bundle.services.length);
      expect(body.Items.at(-1)?.id).toBe(unorderedId);
      const orders = body.Items.slice(0, -1).map((s) => s.order as number);
      expect(orders).toEqual([...orders].sort((a, b) => a - b));
      expect(Object.keys(body.Items[0]).sort()).toEqual(["description", "icon", "id", "order", "slug", "title"]);
    });

    it("answers one item by its slug in each locale, with its slug in the other", async () => {
      const service = bundle.services[2];
      const en = await get<ContentItem & { details: string; alternates: Record<string, string> }>(`/api/services/en/${service.en.slug}`);
      const tr = await get<ContentItem & { details: string }>(`/api/services/tr/${service.tr.slug}`);
      expect(en.status).toBe(200);
      expect(en.body.title).toBe(service.en.title);
      expect(en.body.alternates).toEqual({ en: service.en.slug, tr: service.tr.slug });
      expect(tr.body.title).toBe(service.tr.title);
      expect(tr.body.details).toMatch(/<p>/);
    });

    it("sorts categories by the title of the requested locale, Turkish letters included", async () => {
      for (const locale of ["en", "tr"] as const) {
        const { body } = await get<Entities>(`/api/entities?locale=${locale}`);
        const titles = body.categories.map((c) => c.langData[locale].title);
        expect(titles).toEqual([...titles].sort(new Intl.Collator(locale).compare));
      }
      const { body } = await get<Entities>("/api/entities?locale=tr");
      const titles = body.categories.map((c) => c.langData.tr.title);
      // Ç sorts right after C in Turkish (a byte-order sort would put it after Z).
      expect(titles.indexOf("Çevre Bilimleri")).toBeLessThan(titles.indexOf("Dilbilim"));
      expect(Object.keys(body).sort()).toEqual(
        ["categories", "indexes", "journalSystems", "metricTypes", "publicationFormats", "reviewTypes", "teamPositions"].sort(),
      );
      expect(body.reviewTypes.find((r) => r.id === "double-blind")?.doubleBlind).toBe(true);
    });

    it("answers a journal with its issues newest first, paginated articles and a grouped board", async () => {
      const { journal, issues } = bundle.journals[0];
      const detail = await get<JournalDetail>(`/api/journals/tr/${journal.tr.slug}`);
      expect(detail.status).toBe(200);
      expect(detail.body.title).toBe(journal.tr.title);
      expect(detail.body.articleCount).toBe(issues.reduce((n, i) => n + i.articles.length, 0));

      const list = await get<List<Issue>>(`/api/journals/en/${journal.en.slug}/issues`);
      const dates = list.body.Items.map((i) => i.publishedOn);
      expect(dates).toEqual([...dates].sort().reverse());

      const page = await get<Page<unknown>>(`/api/journals/en/${journal.en.slug}/articles?page=2&pageSize=5`);
      expect(page.body).toMatchObject({ page: 2, pageSize: 5, Count: detail.body.articleCount });
      expect(page.body.Items).toHaveLength(5);
      expect(page.body.pageCount).toBe(Math.ceil(detail.body.articleCount / 5));

      const issue = issues[0];
      const one = await get<IssueArticles>(`/api/journals/en/${journal.en.slug}/issues/${issue.id}`);
      expect(one.body.issue.id).toBe(issue.id);
      expect(one.body.Items.map((a) => a.id)).toEqual(issue.articles.map((a) => a.id));

      const board = await get<EditorialBoard>(`/api/journals/en/${journal.en.slug}/editorial-board`);
      expect(board.body.Count).toBe(bundle.journals[0].board.members.length);
      expect(board.body.positions[0].id).toBe("editor-in-chief");
    });

    it("answers one article of an issue with both locales' texts, its issue and its journal", async () => {
      for (const { journal, issues, articleFiles } of bundle.journals) {
        for (const issue of issues) {
          for (const article of issue.articles) {
            const { status, body } = await get<ArticleDetail>(`/api/journals/tr/${journal.tr.slug}/issues/${issue.id}/articles/${article.id}`);
            expect([article.id, status]).toEqual([article.id, 200]);
            const [first, last] = article.pages?.split("-").map(Number) ?? [null, null];
            const files = articleFiles.get(article.id);
            expect(body).toMatchObject({
              id: article.id,
              issueId: issue.id,
              title: article.tr.title,
              authors: article.authors.map((a) => ({
                name: a.given ? `${a.given} ${a.family}` : a.family,
                given: a.given ?? null,
                family: a.family,
                orcid: a.orcid ?? null,
                affiliations: a.affiliations.map((x) => ({ name: x.name, ror: x.ror ?? null, country: x.country ?? null })),
                corresponding: a.corresponding ?? false,
                email: a.email ?? null,
                roles: a.roles ?? [],
              })),
              type: article.type,
              language: article.language,
              doi: article.doi ?? null,
              firstPage: first,
              lastPage: last,
              receivedOn: article.receivedOn ?? null,
              acceptedOn: article.acceptedOn ?? null,
              publishedOn: article.publishedOn,
              // Counted, not typed: nothing is counted here.
              views: 0,
              downloads: 0,
              status: article.status,
              modifiedOn: article.modifiedOn ?? null,
              funding: article.funding,
              copyright: article.copyright ?? null,
              galleys: (files?.galleys ?? []).map(({ kind, bytes }) => ({ kind, bytes, url: null })),
              references: (files?.references ?? []).map((r) => expect.objectContaining({ id: r.id, text: r.text, doi: r.doi ?? null })),
              fullText: files?.fullText ? { html: files.fullText.html, outline: files.fullText.outline, citedAt: files.fullText.citedAt } : null,
              text: Object.fromEntries(
                (["en", "tr"] as const).map((l) => [
                  l,
                  { title: article[l].title, abstractHtml: renderMarkdown(article[l].abstract), keywords: article[l].keywords },
                ]),
              ),
              issue: expect.objectContaining({ id: issue.id, volume: issue.volume, number: issue.number, publishedOn: issue.publishedOn }),
              journal: {
                id: journal.id,
                slug: journal.tr.slug,
                title: journal.tr.title,
                titles: { en: journal.en.title, tr: journal.tr.title },
                abbreviation: journal.abbreviation,
                eIssn: journal.eIssn,
                printIssn: journal.printIssn ?? null,
                licence: journal.licence ?? null,
              },
              alternates: { en: journal.en.slug, tr: journal.tr.slug },
            });
          }
        }
      }
      const lacking = bundle.journals.flatMap((j) => j.issues.flatMap((i) => i.articles)).filter((a) => !a.doi && !a.pages);
      expect(lacking.length).toBeGreaterThan(0);
    });

    it("says which language an article's title is in: the locale's, or the article's own when it came untranslated", async () => {
      const { journal } = bundle.journals[0];
      for (const locale of ["en", "tr"] as const) {
        const list = await get<Page<ArticleSummary>>(`/api/journals/${locale}/${journal[locale].slug}/articles?pageSize=100`);
        for (const article of list.body.Items) {
          expect([article.id, article.titleLanguage]).toEqual([article.id, article.id === untranslated.id ? "en" : locale]);
        }
        const path = `/api/journals/${locale}/${journal[locale].slug}/issues/${untranslated.issueId}/articles/${untranslated.id}`;
        const { body } = await get<ArticleDetail>(path);
        expect(body.titleLanguage).toBe("en");
        expect(body.related.length).toBeGreaterThan(0);
        for (const other of body.related) expect([other.id, other.titleLanguage]).toEqual([other.id, locale]);
      }
    });

    it("answers 404 for an article of another issue and 400 for a malformed article id", async () => {
      const { journal, issues } = bundle.journals[0];
      const [one, other] = issues;
      const base = `/api/journals/en/${journal.en.slug}/issues`;
      const cases: [string, number, ApiError["error"]][] = [
        [`${base}/${other.id}/articles/${one.articles[0].id}`, 404, "not_found"],
        [`${base}/${one.id}/articles/no-such-article`, 404, "not_found"],
        [`${base}/no-such-issue/articles/${one.articles[0].id}`, 404, "not_found"],
        [`${base}/${one.id}/articles/Not%20A%20Slug`, 400, "bad_request"],
        [`/api/journals/en/no-such-journal/issues/${one.id}/articles/${one.articles[0].id}`, 404, "not_found"],
      ];
      for (const [path, status, error] of cases) {
        const response = await get<ApiError>(path);
        expect([path, response.status, response.body.error]).toEqual([path, status, error]);
      }
      const turkish = await get<ApiError>(`/api/journals/tr/${journal.tr.slug}/issues/${one.id}/articles/Not%20A%20Slug`);
      expect(turkish.body.message).toMatch(/articleId/);
    });

    it("lists every journal with its facet counts when no filter is given", async () => {
      const { status, body } = await get<JournalDirectory>("/api/journals/en?page=2");
      expect(status).toBe(200);
      expect(body.Count).toBe(bundle.journals.length);
      expect(body.Items.map((j) => j.id).sort()).toEqual(bundle.journals.map((j) => j.journal.id).sort());
      expect(body.facets).toEqual(expectedDirectory(bundle, {}).facets);
      expect(body.facets.access.open).toBe(bundle.journals.filter((j) => j.journal.openAccess).length);
      const services = await get<Record<string, unknown>>("/api/services/en");
      expect(Object.keys(services.body).sort()).toEqual(["Count", "Items"]);
    });

    it("combines the journal filters and counts each facet under the other filters only", async () => {
      const [first, second, third] = bundle.journals.map((j) => j.journal);
      const shared = first.categories[0];
      const { body: all } = await get<JournalDirectory>("/api/journals/tr");
      const cases: JournalFilters[] = [
        { category: shared },
        { access: "open" },
        { category: shared, access: "open" },
        { category: shared, format: first.publicationFormat },
        { category: shared, access: "open", format: first.publicationFormat, review: first.reviewType, index: first.indexes[0] },
        { index: second.indexes[0], review: second.reviewType },
        { format: third.publicationFormat, access: "open" },
      ];
      for (const filters of cases) {
        const query = new URLSearchParams(filters as Record<string, string>);
        const { status, body } = await get<JournalDirectory>(`/api/journals/tr?${query}`);
        const expected = expectedDirectory(bundle, filters);
        expect([query.toString(), status]).toEqual([query.toString(), 200]);
        // The matching journals, in the unfiltered list's order.
        expect(body.Items).toEqual(all.Items.filter((j) => expected.ids.has(j.id)));
        expect(body.Count).toBe(expected.ids.size);
        expect([query.toString(), body.facets]).toEqual([query.toString(), expected.facets]);
        // Picking an active filter's own value again gives the same list.
        for (const facet of journalFacets) {
          const value = filters[facet];
          if (value !== undefined) expect(body.facets[facet][value]).toBe(body.Count);
        }
      }

      // The combination is narrower than either filter alone: the second journal shares the
      // category but is closed access, and the other open journals are in other categories.
      const combined = await get<JournalDirectory>(`/api/journals/en?category=${shared}&access=open`);
      const byCategory = bundle.journals.filter((j) => j.journal.categories.includes(shared));
      expect(combined.body.Items.map((j) => j.id).sort()).toEqual(
        byCategory
          .filter((j) => j.journal.openAccess)
          .map((j) => j.journal.id)
          .sort(),
      );
      expect(combined.body.Items.map((j) => j.id)).not.toContain(second.id);
      expect(combined.body.Count).toBeLessThan(byCategory.length);
      expect(combined.body.Count).toBeLessThan(bundle.journals.filter((j) => j.journal.openAccess).length);
      // The category facet ignores the category filter (every open journal's categories), the
      // access facet the access filter (the category's journals, open or not).
      expect(combined.body.facets.access.open).toBe(byCategory.filter((j) => j.journal.openAccess).length);
      expect(Object.keys(combined.body.facets.category)).toEqual(expect.arrayContaining(bundle.journals[3].journal.categories));
      expect(combined.body.facets.format).toEqual(expectedDirectory(bundle, { category: shared, access: "open" }).facets.format);
      expect(combined.body.facets.format[third.publicationFormat]).toBe(1);
    });

    it("refuses an unknown or repeated journal filter with a 400 in the request's language", async () => {
      const [first] = bundle.journals.map((j) => j.journal);
      const unknown = [
        "category=no-such-category",
        `category=${first.indexes[0]}`,
        "index=no-such-index",
        `format=${first.reviewType}`,
        "review=no-such-review",
        "access=closed",
        "access=",
        "category=",
      ];
      for (const query of unknown) {
        const response = await get<ApiError>(`/api/journals/en?${query}`);
        expect([query, response.status, response.body.error]).toEqual([query, 400, "bad_request"]);
        const [name, value] = query.split("=");
        expect(response.body.message).toBe(`'${value}' is not a valid value for the parameter '${name}'.`);
      }
      const turkish = await get<ApiError>("/api/journals/tr?category=education&review=yok");
      expect(turkish).toEqual({ status: 400, body: { error: "bad_request", message: "'review' parametresi için 'yok' geçerli bir değer değil." } });

      for (const query of [`category=${first.categories[0]}&category=${first.categories[0]}`, "access=open&access=open", "index=a&index=b"]) {
        const response = await get<ApiError>(`/api/journals/en?${query}`);
        expect([query, response.status, response.body.error]).toEqual([query, 400, "bad_request"]);
        expect(response.body.message).toMatch(/^The parameter '\w+' may be given only once\.$/);
      }
      const repeated = await get<ApiError>("/api/journals/tr?access=open&access=open");
      expect(repeated.body.message).toBe("'access' parametresi yalnızca bir kez verilebilir.");
    });

    it("lists the newest articles of the catalogue or of one journal, as the content says", async () => {
      const all = bundle.journals.flatMap(({ journal, issues }) =>
        issues.flatMap((issue) => issue.articles.map((article) => ({ journal, article }))),
      );
      const newest = (list: typeof all) =>
        [...list]
          .sort(
            (a, b) =>
              b.article.publishedOn.localeCompare(a.article.publishedOn) ||
              a.journal.id.localeCompare(b.journal.id) ||
              a.article.id.localeCompare(b.article.id),
          )
          .slice(0, 20);
      const { status, body } = await get<List<LatestArticle>>("/api/articles/tr/latest");
      expect(status).toBe(200);
      expect(body.Items.map((a) => [a.journal.slug, a.id])).toEqual(newest(all).map(({ journal, article }) => [journal.tr.slug, article.id]));
      const [first] = body.Items;
      const source = all.find(({ article }) => article.id === first.id)?.article;
      expect(first).toMatchObject({
        title: source?.tr.title,
        keywords: source?.tr.keywords,
        authors: source?.authors.map((a) => (a.given ? `${a.given} ${a.family}` : a.family)),
      });
      expect(first.abstractHtml).toMatch(/^<p>/);

      const journal = bundle.journals[1].journal;
      const one = await get<List<LatestArticle>>(`/api/articles/en/latest?journal=${journal.en.slug}`);
      expect(one.body.Items.map((a) => a.id)).toEqual(newest(all.filter((a) => a.journal.id === journal.id)).map(({ article }) => article.id));
      expect(new Set(one.body.Items.map((a) => a.journal.title))).toEqual(new Set([journal.en.title]));
      expect((one.body as LatestArticles).journal).toEqual({ slug: journal.en.slug, title: journal.en.title });
      expect("journal" in body).toBe(false);
      expect((await get<ApiError>("/api/articles/en/latest?journal=no-such-journal")).status).toBe(404);
    });

    it("answers bad input with a 4xx JSON error in the request's language, never a 500", async () => {
      const cases: [string, number, ApiError["error"]][] = [
        ["/api/services/de", 404, "not_found"],
        ["/api/magazines/en", 404, "not_found"],
        ["/api/de/initial", 404, "not_found"],
        ["/api/services/en/Not%20A%20Slug", 400, "bad_request"],
        ["/api/services/en/..%2F..%2Fetc%2Fpasswd", 400, "bad_request"],
        ["/api/services/en/no-such-service", 404, "not_found"],
        [`/api/journals/en/${bundle.journals[0].journal.en.slug}/articles?page=0`, 400, "bad_request"],
        [`/api/journals/en/${bundle.journals[0].journal.en.slug}/articles?pageSize=1000`, 400, "bad_request"],
        [`/api/journals/en/${bundle.journals[0].journal.en.slug}/issues/no-such-issue`, 404, "not_found"],
        ["/api/entities?locale=xx", 400, "bad_request"],
        ["/api/nothing/here/at/all", 404, "not_found"],
      ];
      for (const [path, status, error] of cases) {
        const response = await get<ApiError>(path);
        expect([path, response.status, response.body.error]).toEqual([path, status, error]);
        expect(response.body.message.length).toBeGreaterThan(0);
      }
      const turkish = await get<ApiError>("/api/services/tr/yok-boyle-bir-hizmet");
      expect(turkish.body.message).toMatch(/bulunamadı/);
    });
  });
}
