import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiError } from "../../contract/api-types.ts";
import { plainText } from "../../contract/plain-text.ts";
import { type SearchAnswer, searchKinds } from "../../contract/search-types.ts";
import { testDatabases } from "../../tests/databases.ts";
import { demoBundle } from "../../tests/demo-snapshot.ts";
import { createApiApp } from "../api/app.ts";
import { createContentService } from "../api/content-service.ts";
import { importContent } from "../content/import.ts";
import type { ContentBundle } from "../content/read-folder.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { up as emptyIndexOfUnstemmedWords } from "../db/migrations/2026-11-23-0015-search-stems.ts";
import { search } from "./search.ts";
import { fillMissingSearchIndex, writeSearchIndex } from "./write-index.ts";

type Article = ContentBundle["journals"][number]["issues"][number]["articles"][number];

/**
 * The demo content with a few words placed where the tests need them: a made-up word in the
 * abstract of the first article and in the title of the last one (so that the title match,
 * though later in the catalogue, must come first), and a Turkish title with a capital dotless I.
 */
function searchBundle() {
  const bundle = structuredClone(await_demo);
  const articles = bundle.journals.flatMap((j) => j.issues.flatMap((i) => i.articles));
  const [first, last] = [articles[0], articles[articles.length - 1]];
  first.en.abstract += " The zyxquorn effect is discussed.";
  last.en.title = `Zyxquorn ${last.en.title}`;
  const warm = articles[1];
  warm.tr.title = `ILIK Denizler: ${warm.tr.title}`;
  return { bundle, abstractOnly: first, inTitle: last, warm, articles };
}
const await_demo = demoBundle();

/** What an article's folder adds to its searchable text: its full text (stemmed in its language), its references as printed (not stemmed). */
const folders = new Map(await_demo.journals.flatMap(({ articleFiles }) => [...articleFiles]));
const fullTextOf = (article: Article) => plainText(folders.get(article.id)?.fullText?.html ?? "");
const referencesOf = (article: Article) => (folders.get(article.id)?.references ?? []).map((r) => r.text).join(" ");
/** The words stemmed for the search: titles, abstracts, keywords and the full text. */
const stemmedTextOf = (article: Article) =>
  [
    article.en.title,
    article.tr.title,
    article.en.abstract,
    article.tr.abstract,
    ...article.en.keywords,
    ...article.tr.keywords,
    fullTextOf(article),
  ].join(" ");
const textOf = (article: Article) => [stemmedTextOf(article), ...article.funding.map((f) => f.funder), referencesOf(article)].join(" ");
/** Its authors' affiliations, which the search finds too. */
const affiliationsOf = (article: Article) => article.authors.flatMap((author) => author.affiliations.map((a) => a.name)).join(" ");
/** Whether an article's text has the word, whatever its case (Turkish rules). */
const hasWord = (article: Article, word: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${word}(?![\\p{L}\\p{N}])`, "u").test(stemmedTextOf(article).toLocaleLowerCase("tr"));

for (const database of testDatabases()) {
  describe(`search API on ${database.dialect}`, () => {
    let handle: DatabaseHandle;
    let app: ReturnType<typeof createApiApp>;
    const { bundle, abstractOnly, inTitle, warm, articles } = searchBundle();
    const get = async <T = SearchAnswer>(path: string) => {
      const response = await app.request(path);
      return { status: response.status, body: (await response.json()) as T };
    };
    const ids = (answer: SearchAnswer) => answer.Items.map((r) => `${r.type}/${r.id}`);

    beforeAll(async () => {
      handle = await database.open();
      await importContent(handle.db, bundle);
      app = createApiApp(createContentService(handle.db));
    });
    afterAll(() => handle.db.destroy());

    it("folds Turkish letters: İstanbul, istanbul, ISTANBUL and Istanbul find the same documents", async () => {
      const answers = await Promise.all(
        ["İstanbul", "istanbul", "ISTANBUL", "Istanbul", "İSTANBUL"].map((q) => get(`/api/search/en?q=${encodeURIComponent(q)}&pageSize=100`)),
      );
      const expected = articles
        .filter((a) => /[İI]stanbul|istanbul|ISTANBUL/.test(`${textOf(a)} ${affiliationsOf(a)}`))
        .map((a) => `article/${a.id}`);
      expect(expected.length).toBeGreaterThan(0);
      for (const { status, body } of answers) {
        expect(status).toBe(200);
        expect(
          body.Items.filter((r) => r.type === "article")
            .map((r) => `article/${r.id}`)
            .sort(),
        ).toEqual(expected.sort());
      }
    });

    it("folds the dotless ı and diacritics: ılık and ILIK find 'ILIK', kadikoy finds Kadıköy", async () => {
      for (const q of ["ılık", "ILIK", "Ilık"]) {
        const { body } = await get(`/api/search/tr?q=${encodeURIComponent(q)}`);
        expect(ids(body)).toContain(`article/${warm.id}`);
      }
      const withKadikoy = articles.filter((a) => textOf(a).includes("Kadıköy"));
      expect(withKadikoy.length).toBeGreaterThan(0);
      const { body } = await get("/api/search/en?q=kadikoy&type=article&pageSize=100");
      expect(ids(body).sort()).toEqual(withKadikoy.map((a) => `article/${a.id}`).sort());
    });

    it("answers in the requested locale whichever language matched", async () => {
      // An English word of the English title, asked for in Turkish: the Turkish title comes back.
      const { body } = await get("/api/search/tr?q=zyxquorn");
      const hit = body.Items.find((r) => r.id === inTitle.id);
      expect(hit?.title).toBe(inTitle.tr.title);
      const journal = bundle.journals.find((j) => j.issues.some((i) => i.articles.includes(inTitle)));
      expect(hit?.slug).toBe(journal?.journal.tr.slug);
    });

    it("ranks a title match before an abstract-only match", async () => {
      const { body } = await get("/api/search/en?q=zyxquorn");
      expect(ids(body)).toEqual([`article/${inTitle.id}`, `article/${abstractOnly.id}`]);
      // The last word is a prefix; the snippet shows the match.
      const prefix = await get("/api/search/en?q=zyxquo");
      expect(ids(prefix.body)).toEqual(ids(body));
      expect(body.Items[1].snippet).toContain("zyxquorn effect");
    });

    it("combines the facets, each counted under the other filters", async () => {
      const all = (await get("/api/search/en?q=the&pageSize=100")).body;
      expect(all.Count).toBeGreaterThan(20);
      const typeCount = (answer: SearchAnswer, type: string) => answer.facets.type.find((f) => f.value === type)?.count ?? 0;
      expect(all.facets.type.reduce((sum, f) => sum + f.count, 0)).toBe(all.Count);

      const byType = (await get("/api/search/en?q=the&type=article&pageSize=100")).body;
      expect(byType.Count).toBe(typeCount(all, "article"));
      // The type facet ignores its own filter: the other types are still offered.
      expect(byType.facets.type).toEqual(all.facets.type);
      const year = byType.facets.year[0];
      const journal = byType.facets.journal[0];

      const combined = (await get(`/api/search/en?q=the&type=article&year=${year.value}&journal=${journal.value}&pageSize=100`)).body;
      expect(combined.Items.length).toBe(combined.Count);
      for (const r of combined.Items) expect([r.type, String(r.year), r.journal?.id]).toEqual(["article", year.value, journal.value]);
      const byYear = (await get(`/api/search/en?q=the&type=article&year=${year.value}&pageSize=100`)).body;
      expect(combined.Count).toBe(byYear.facets.journal.find((f) => f.value === journal.value)?.count ?? 0);
      expect(byYear.Count).toBe(year.count);
      // Journal titles are in the requested locale.
      const trAnswer = (await get(`/api/search/tr?q=the&type=article&journal=${journal.value}`)).body;
      expect(trAnswer.facets.journal.find((f) => f.value === journal.value)?.title).toBe(
        bundle.journals.find((j) => j.journal.id === journal.value)?.journal.tr.title,
      );
    });

    it("pages through the results without repeats", async () => {
      const whole = (await get("/api/search/en?q=the&pageSize=6")).body;
      const pages = await Promise.all([1, 2, 3].map((page) => get(`/api/search/en?q=the&pageSize=2&page=${page}`)));
      expect(pages.flatMap(({ body }) => ids(body))).toEqual(ids(whole));
      expect(pages[0].body.pageCount).toBe(Math.ceil(whole.Count / 2));
      const beyond = (await get(`/api/search/en?q=the&pageSize=2&page=${pages[0].body.pageCount + 1}`)).body;
      expect(beyond.Items).toEqual([]);
    });

    it("lists more matches than it ranks title matches first, then in catalogue order (articles and books newest first), with the same counts", async () => {
      const request = { query: "the", filters: {}, page: 1, pageSize: 1000 };
      const ranked = await search(handle.db, "en", request);
      const unranked = await search(handle.db, "en", request, { rankedMatches: 10 });
      expect(unranked.Count).toBe(ranked.Count);
      expect(unranked.facets).toEqual(ranked.facets);
      expect(ids(unranked).sort()).toEqual(ids(ranked).sort());
      // Two runs (title matches, then the rest), each in catalogue order: what has no year first, then newest first, then by type.
      const key = (r: SearchAnswer["Items"][number]) => [r.year === null ? 0 : 1, -(r.year ?? 0), searchKinds.indexOf(r.type)];
      const descents = unranked.Items.slice(1).filter((r, i) => {
        const [a, b] = [key(unranked.Items[i]), key(r)];
        const differing = a.findIndex((value, j) => value !== b[j]);
        return differing >= 0 && a[differing] > b[differing];
      });
      expect(descents.length).toBeLessThanOrEqual(1);
      // The title match comes first though it is the last article of the catalogue.
      const titled = await search(handle.db, "en", { ...request, query: "zyxquorn" }, { rankedMatches: 1 });
      expect(ids(titled)).toEqual([`article/${inTitle.id}`, `article/${abstractOnly.id}`]);

      // Pages cross from the title matches to the rest without a repeat or a gap, under a filter too.
      for (const filters of [{}, { type: "article" }]) {
        const whole = await search(handle.db, "en", { ...request, filters }, { rankedMatches: 10 });
        const pages = [];
        for (let page = 1; page <= Math.ceil(whole.Count / 7); page++) {
          pages.push(...ids(await search(handle.db, "en", { ...request, filters, page, pageSize: 7 }, { rankedMatches: 10 })));
        }
        expect(pages).toEqual(ids(whole));
      }
    });

    it("finds nothing, without an error, for an empty or blank query", async () => {
      for (const path of ["/api/search/en", "/api/search/en?q=", "/api/search/tr?q=%20%20", "/api/search/en?q=%21%3F"]) {
        const { status, body } = await get(path);
        expect(status).toBe(200);
        expect([body.Count, body.Items]).toEqual([0, []]);
      }
    });

    it("refuses a too long query, a repeated parameter and an unknown facet value with a 400 in the request's language", async () => {
      const long = "a".repeat(201);
      expect((await get(`/api/search/en?q=${"a".repeat(200)}`)).status).toBe(200);
      const cases = [
        [`/api/search/tr?q=${long}`, "en fazla 200 karakter"],
        ["/api/search/en?q=a&q=b", "'q'"],
        ["/api/search/en?q=a&type=article&type=book", "'type'"],
        ["/api/search/en?q=a&type=thesis", "'thesis'"],
        ["/api/search/tr?q=a&journal=no-such-journal", "'no-such-journal'"],
        ["/api/search/en?q=a&year=20x4", "'20x4'"],
        ["/api/search/en?q=a&page=0", "'page'"],
      ] as const;
      for (const [path, fragment] of cases) {
        const { status, body } = await get<ApiError>(path);
        expect([path, status, body.error]).toEqual([path, 400, "bad_request"]);
        expect(body.message).toContain(fragment);
      }
      expect((await get<ApiError>("/api/search/xx?q=a")).status).toBe(404);
    });

    it("finds inflected forms both ways: migrations and migration, eğitimde and eğitim", async () => {
      const found = async (q: string) => new Set(ids((await get(`/api/search/en?q=${encodeURIComponent(q)}&type=article&pageSize=100`)).body));
      for (const [a, b] of [
        ["migrations", "migration"],
        ["eğitimde", "eğitim"],
      ]) {
        // The demo has no "migrations": the plural finds the singular's articles.
        const [withA, withB] = [articles.filter((x) => hasWord(x, a)), articles.filter((x) => hasWord(x, b))];
        expect([b, withB.length > 0]).toEqual([b, true]);
        const [foundA, foundB] = [await found(a), await found(b)];
        for (const article of [...withA, ...withB]) {
          expect([a, b, article.id, foundA.has(`article/${article.id}`), foundB.has(`article/${article.id}`)]).toEqual([
            a,
            b,
            article.id,
            true,
            true,
          ]);
        }
      }
      // Typed without Turkish letters, and in capitals.
      expect(await found("EGITIMDE")).toEqual(await found("eğitimde"));
    });

    it("finds an article by its DOI, bare or as its URL", async () => {
      const article = articles.find((a) => a.doi);
      expect(article?.doi).toBeTruthy();
      for (const q of [article?.doi, `https://doi.org/${article?.doi?.toUpperCase()}`, `doi:${article?.doi}`]) {
        const { body } = await get(`/api/search/tr?q=${encodeURIComponent(q ?? "")}`);
        expect([q, ids(body)]).toEqual([q, [`article/${article?.id}`]]);
      }
      expect((await get("/api/search/en?q=10.5555%2Fno.such.doi")).body.Count).toBe(0);
    });

    it("finds the articles of an author's ORCID iD, bare or as its URL", async () => {
      const orcid = articles.flatMap((a) => a.authors.flatMap((author) => (author.orcid ? [author.orcid] : [])))[0];
      const expected = articles.filter((a) => a.authors.some((author) => author.orcid === orcid)).map((a) => `article/${a.id}`);
      expect(expected.length).toBeGreaterThan(0);
      for (const q of [orcid, `https://orcid.org/${orcid}`]) {
        const { body } = await get(`/api/search/en?q=${encodeURIComponent(q)}&pageSize=100`);
        expect(ids(body).sort()).toEqual(expected.sort());
      }
    });

    it("finds the articles of an affiliation, Turkish letters or not", async () => {
      const fromBogazici = articles.filter((a) => a.authors.some((author) => author.affiliations.some((x) => x.name.includes("Boğaziçi"))));
      // Some of them say so only in their authors' affiliations.
      expect(fromBogazici.some((a) => !textOf(a).includes("Boğaziçi"))).toBe(true);
      for (const q of ["Boğaziçi", "bogazici university"]) {
        const found = ids((await get(`/api/search/en?q=${encodeURIComponent(q)}&pageSize=100`)).body);
        expect(found).toEqual(expect.arrayContaining(fromBogazici.map((a) => `article/${a.id}`)));
      }
    });

    it("indexes content imported before the index existed, once", async () => {
      const before = (await get("/api/search/tr?q=istanbul&pageSize=100")).body;
      await handle.db.transaction().execute((trx) => writeSearchIndex(trx, { documents: [], texts: [], terms: [] }));
      expect((await get("/api/search/tr?q=istanbul")).body.Count).toBe(0);

      const documents =
        bundle.journals.length + articles.length + bundle.books.length + bundle.services.length + bundle.policies.length + bundle.pages.length;
      expect(await fillMissingSearchIndex(handle.db)).toBe(documents);
      expect(await fillMissingSearchIndex(handle.db)).toBe(0);
      const after = (await get("/api/search/tr?q=istanbul&pageSize=100")).body;
      // The same documents, with the same snippets (equal ranks may come in another order).
      const entries = (answer: SearchAnswer) => answer.Items.map((r) => `${r.type}/${r.id}: ${r.snippet}`).sort();
      expect(entries(after)).toEqual(entries(before));
    });

    it("rebuilds an index of the format before stems (emptied by its migration) on start", async () => {
      const before = (await get("/api/search/en?q=migrations")).body.Count;
      expect(before).toBeGreaterThan(0);
      await emptyIndexOfUnstemmedWords(handle.db);
      expect((await get("/api/search/en?q=migrations")).body.Count).toBe(0);
      expect(await fillMissingSearchIndex(handle.db)).toBeGreaterThan(0);
      expect((await get("/api/search/en?q=migrations")).body.Count).toBe(before);
    });
  });
}
