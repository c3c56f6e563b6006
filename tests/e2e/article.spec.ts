import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import type { ArticleDetail, ArticleSummary, Issue, JournalSummary, List, Page as ListPage, Locale } from "../../contract/api-types.ts";
import { hasEveryField, lacksOptionalFields } from "../demo-articles.ts";
import { axeViolations } from "./axe.ts";
import { gotoHydrated } from "./hydrated.ts";

const api = async <T>(request: APIRequestContext, path: string) => {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
};
const prefix = (locale: Locale) => (locale === "en" ? "/journals" : "/tr/dergiler");
const segment = (locale: Locale) => (locale === "en" ? "articles" : "makaleler");
const pathOf = (a: ArticleDetail, locale: Locale) => `${prefix(locale)}/${a.alternates[locale]}/${segment(locale)}/${a.issueId}/${a.id}`;

/** An article with every field and one without DOI or pages, found through the content API. */
async function demoArticles(request: APIRequestContext) {
  const journals = await api<List<JournalSummary>>(request, "/api/journals/en");
  let full: ArticleSummary | undefined;
  let bare: ArticleSummary | undefined;
  let journalSlug = "";
  for (const journal of journals.Items) {
    const articles = await api<ListPage<ArticleSummary>>(request, `/api/journals/en/${journal.slug}/articles?pageSize=100`);
    const withAll = articles.Items.find(hasEveryField);
    const without = articles.Items.find(lacksOptionalFields);
    if (withAll && without) {
      [full, bare, journalSlug] = [withAll, without, journal.slug];
      break;
    }
  }
  if (!full || !bare) throw new Error("the demo content has no journal with an article lacking a DOI and pages");
  const detail = async (a: ArticleSummary, locale: Locale) => {
    const en = await api<ArticleDetail>(request, `/api/journals/en/${journalSlug}/issues/${a.issueId}/articles/${a.id}`);
    return locale === "en" ? en : api<ArticleDetail>(request, `/api/journals/tr/${en.alternates.tr}/issues/${a.issueId}/articles/${a.id}`);
  };
  return { full: (l: Locale) => detail(full, l), bare: (l: Locale) => detail(bare, l) };
}

/** The head's meta tags in document order, as [name or property, content]. */
const metaTags = (page: Page) =>
  page
    .locator("head meta[name], head meta[property]")
    .evaluateAll((elements) =>
      elements.map((e) => [e.getAttribute("name") ?? e.getAttribute("property") ?? "", e.getAttribute("content") ?? ""] as [string, string]),
    );
const seriousViolations = (page: Page) => axeViolations(page, { seriousOnly: true });

for (const locale of ["en", "tr"] as const) {
  test.describe(`article page (${locale})`, () => {
    test.use({ viewport: { width: 1440, height: 900 } });

    test("shows the article as the content API has it", async ({ page, request }) => {
      // The suite's first page: on a loaded machine its first render (styles, citation engine) took 4 s,
      // and the page's forty checks then ran past the default 30 s (once in a clean-clone run).
      test.setTimeout(60_000);
      const article = await (await demoArticles(request)).full(locale);
      const other = locale === "en" ? "tr" : "en";
      const response = await gotoHydrated(page, pathOf(article, locale));
      expect(response?.status()).toBe(200);
      expect(((await response?.text()) ?? "").match(/<title>/g)).toHaveLength(1);
      await expect(page).toHaveTitle(new RegExp(`^${article.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\| `));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(article.title);
      await expect(page.locator(`p[lang="${other}"]`)).toHaveText(article.text[other].title);

      const people = page.getByRole("region", { name: locale === "en" ? "Authors" : "Yazarlar" });
      const authors = people.locator("ul > li");
      await expect(authors).toHaveCount(article.authors.length);
      for (const [i, author] of article.authors.entries()) {
        await expect(authors.nth(i)).toContainText(author.name);
        for (const affiliation of author.affiliations) {
          await expect(people.locator("ol > li", { hasText: affiliation.name })).toHaveCount(1);
          if (affiliation.ror) await expect(people.locator(`a[href="https://ror.org/${affiliation.ror}"]`).first()).toBeVisible();
        }
        const orcid = authors.nth(i).locator('a[href^="https://orcid.org/"]');
        if (author.orcid) await expect(orcid).toHaveAttribute("href", `https://orcid.org/${author.orcid}`);
        else await expect(orcid).toHaveCount(0);
      }

      // Both abstracts, side by side, each with its keywords.
      for (const l of ["en", "tr"] as const) {
        const panel = page.locator(`#abstract-${l}`);
        await expect(panel).toBeVisible();
        await expect(panel.locator(`ul[lang="${l}"] li`)).toHaveText(article.text[l].keywords);
      }
      const [enBox, trBox] = [await page.locator("#abstract-en").boundingBox(), await page.locator("#abstract-tr").boundingBox()];
      expect(Math.abs((enBox?.y ?? 0) - (trBox?.y ?? 1))).toBeLessThan(2);

      const details = page.locator("dl.facts");
      const date = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${iso}T00:00:00Z`));
      for (const iso of [article.receivedOn, article.acceptedOn, article.publishedOn]) if (iso) await expect(details).toContainText(date(iso));
      await expect(details).toContainText(new Intl.NumberFormat(locale).format(article.views));
      await expect(details).toContainText(`${article.firstPage}–${article.lastPage}`);
      await expect(details.locator(`a[href="https://doi.org/${article.doi}"]`)).toBeVisible();
      if (article.licence?.url) await expect(details.locator('[rel="license"]')).toHaveAttribute("href", article.licence.url);
      const journalPath = `${prefix(locale)}/${article.journal.slug}`;
      await expect(details.locator(`a[href="${journalPath}"]`)).toHaveText(article.journal.title);
      await expect(details.locator(`a[href="${journalPath}/${segment(locale)}/${article.issueId}"]`)).toContainText(String(article.issue.number));

      // The full text: its sections in the outline, a figure that loads, a table, citations that reach the references and back.
      const body = page.locator(".full-text");
      expect(await body.locator("h2").count()).toBeGreaterThanOrEqual(3);
      const outline = page.getByRole("navigation", { name: locale === "en" ? "On this page" : "Bu sayfada" });
      for (const section of article.fullText?.outline ?? []) await expect(outline.locator(`a[href="#${section.id}"]`)).toHaveText(section.title);
      const figure = body.locator("figure.fig img").first();
      await figure.scrollIntoViewIfNeeded();
      await expect.poll(() => figure.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await expect(body.locator("figure.table-wrap table").first()).toBeVisible();
      const references = page.locator("#references + ol > li");
      expect(await references.count()).toBeGreaterThanOrEqual(10);
      await expect(references.locator('a[href^="https://doi.org/"]').first()).toBeVisible();
      const cite = body.locator("a.xref-bibr").first();
      const target = (await cite.getAttribute("href")) ?? "";
      await cite.click();
      await expect(page.locator(target)).toBeInViewport();
      await page
        .locator(target)
        .locator(`a[href="#${await cite.getAttribute("id")}"]`)
        .click();
      await expect(cite).toBeInViewport();
      if (article.funding.length > 0) await expect(page.locator("#funding + ul")).toContainText(article.funding[0].funder);

      // One PDF galley, served under the article's own path with its type, length and a name.
      const pdf = page.locator(`main a[href="${pathOf(article, locale)}/${article.id}.pdf"]`);
      await expect(pdf).toBeVisible();
      const galley = await request.get(`${pathOf(article, locale)}/${article.id}.pdf`);
      expect(galley.status()).toBe(200);
      expect(galley.headers()["content-type"]).toBe("application/pdf");
      expect(Number(galley.headers()["content-length"])).toBe(article.galleys.find((g) => g.kind === "pdf")?.bytes);
      expect(galley.headers()["content-disposition"]).toBe(`inline; filename="${article.id}.pdf"`);
      expect((await galley.body()).subarray(0, 5).toString()).toBe("%PDF-");

      // Its breadcrumb trail (JSON-LD) runs from the home page through the journal and the issue to the article.
      const trails = (await page.locator('script[type="application/ld+json"]').allTextContents())
        .map((text) => JSON.parse(text) as { "@type": string; itemListElement?: { name: string; item: string }[] })
        .filter((thing) => thing["@type"] === "BreadcrumbList");
      const label = (await details.locator(`a[href$="/${article.issueId}"]`).textContent()) ?? "";
      expect(trails.map((trail) => trail.itemListElement?.map((item) => item.name))).toEqual([
        [
          locale === "en" ? "Home" : "Ana Sayfa",
          locale === "en" ? "Journals" : "Dergiler",
          article.journal.title,
          locale === "en" ? "Articles" : "Makaleler",
          label,
          article.title,
        ],
      ]);
      expect(trails[0].itemListElement?.at(-1)?.item).toBe(await page.locator('link[rel="canonical"]').getAttribute("href"));

      // The language switcher's target is the same article in the other language.
      await expect(page.locator(`link[hreflang="${other}"]`)).toHaveAttribute("href", new RegExp(`${pathOf(article, other)}$`));
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("a corrected work and its correction notice point to each other, and a retracted work says so", async ({ page, request }) => {
      for (const [journal, noticeType] of [
        ["journal-of-social-inquiry", "correction"],
        ["economics-and-finance-letters", "retraction"],
      ] as const) {
        const slug = (await api<{ alternates: Record<Locale, string> }>(request, `/api/journals/en/${journal}`)).alternates[locale];
        const list = await api<ListPage<ArticleSummary>>(request, `/api/journals/${locale}/${slug}/articles?pageSize=100`);
        const notice = list.Items.find((a) => a.type === noticeType);
        if (!notice) throw new Error(`no ${noticeType} in ${journal}`);
        const detail = await api<ArticleDetail>(request, `/api/journals/${locale}/${slug}/issues/${notice.issueId}/articles/${notice.id}`);
        const work = detail.relations.find((r) => r.side === "notice")?.article;
        if (!work) throw new Error(`the ${noticeType} names no work`);
        await gotoHydrated(page, pathOf(detail, locale));
        const workLink = page.locator(`main a[href="${pathOf({ ...detail, issueId: work.issueId, id: work.id }, locale)}"]`).first();
        await expect(workLink).toHaveText(work.title);
        await workLink.click();
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(work.title);
        const banner = page.getByRole("region", {
          name:
            noticeType === "correction"
              ? locale === "en"
                ? "This article has been corrected."
                : "Bu makale düzeltilmiştir."
              : locale === "en"
                ? "This article has been retracted."
                : "Bu makale geri çekilmiştir.",
        });
        await expect(banner.locator(`a[href="${pathOf(detail, locale)}"]`)).toHaveText(detail.title);
        // The page was opened in the app: its JSON-LD follows once the code that writes it has loaded (decision 027).
        const scholarlyArticle = async () =>
          (await page.locator('script[type="application/ld+json"]').allTextContents())
            .map((t) => JSON.parse(t))
            .find((x) => x["@type"] === "ScholarlyArticle" && x.name === work.title);
        await expect.poll(scholarlyArticle).toBeTruthy();
        const ld = await scholarlyArticle();
        expect(ld.correction[0].url).toMatch(new RegExp(`${pathOf(detail, locale)}$`));
        expect(ld.creativeWorkStatus).toBe(noticeType === "correction" ? "Corrected" : "Retracted");
      }
    });

    test("writes no tag for what an article lacks", async ({ page, request }) => {
      const article = await (await demoArticles(request)).bare(locale);
      expect([article.doi, article.firstPage, article.lastPage]).toEqual([null, null, null]);
      await page.goto(pathOf(article, locale));
      const names = (await metaTags(page)).map(([name]) => name);
      for (const absent of ["citation_doi", "citation_firstpage", "citation_lastpage", "DC.identifier"]) expect(names).not.toContain(absent);
      if (!article.galleys.some((g) => g.kind === "pdf")) expect(names).not.toContain("citation_pdf_url");
      if (article.authors.every((a) => !a.orcid)) expect(names).not.toContain("citation_author_orcid");
      expect(names.filter((n) => n === "citation_author")).toHaveLength(article.authors.length);
      expect(await page.locator('head meta[content=""]').count()).toBe(0);
      await expect(page.locator("dl.facts a[href^='https://doi.org/']")).toHaveCount(0);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(article.title);
    });
  });
}

test.describe("article page on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the abstracts are tabs that the arrow keys move between", async ({ page, request }) => {
    const article = await (await demoArticles(request)).full("tr");
    await gotoHydrated(page, pathOf(article, "tr"));
    const tabs = page.getByRole("tablist", { name: "Özet dili" }).getByRole("tab");
    await expect(tabs).toHaveText(["Türkçe", "İngilizce"]);
    await expect(tabs.first()).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel")).toHaveCount(1);
    await expect(page.locator("#abstract-tr")).toBeVisible();
    await expect(page.locator("#abstract-en")).toBeHidden();

    await tabs.first().focus();
    await page.keyboard.press("ArrowRight");
    await expect(tabs.nth(1)).toBeFocused();
    await expect(tabs.nth(1)).toHaveAttribute("aria-selected", "true");
    await expect(page.locator("#abstract-en")).toBeVisible();
    await expect(page.locator("#abstract-tr")).toBeHidden();
    await expect(page.getByRole("tabpanel")).toContainText(article.text.en.keywords[0]);
    await page.keyboard.press("ArrowRight"); // wraps around
    await expect(tabs.first()).toBeFocused();
    await page.keyboard.press("End");
    await expect(tabs.nth(1)).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Home");
    await expect(tabs.first()).toHaveAttribute("aria-selected", "true");
    await expect(tabs.nth(1)).toHaveAttribute("tabindex", "-1");
    expect(await seriousViolations(page)).toEqual([]);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("both abstracts follow one another", async ({ page, request }) => {
      const article = await (await demoArticles(request)).full("en");
      await page.goto(pathOf(article, "en"));
      await expect(page.getByRole("tablist")).toHaveCount(0);
      const [en, tr] = [await page.locator("#abstract-en").boundingBox(), await page.locator("#abstract-tr").boundingBox()];
      expect(en && tr && tr.y >= en.y + en.height).toBe(true);
      await expect(page.locator("#abstract-tr ul li")).toHaveText(article.text.tr.keywords);
    });
  });
});

test("the issue page links each article's title to its page", async ({ page, request }) => {
  const article = await (await demoArticles(request)).full("en");
  await gotoHydrated(page, `/journals/${article.alternates.en}/articles/${article.issueId}`);
  await page.getByRole("link", { name: article.title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${pathOf(article, "en")}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(article.title);
  // The tags follow a client-side navigation too.
  expect((await metaTags(page)).filter(([name]) => name === "citation_title")).toEqual([["citation_title", article.title]]);
});

test("an unknown article, or one of another issue, is the site's 404", async ({ request }) => {
  const article = await (await demoArticles(request)).full("en");
  const issues = await api<List<Issue>>(request, `/api/journals/en/${article.alternates.en}/issues`);
  const otherIssue = issues.Items.find((i) => i.id !== article.issueId)?.id;
  const base = `/journals/${article.alternates.en}/articles`;
  for (const path of [
    `${base}/${article.issueId}/no-such-article`,
    `${base}/${otherIssue}/${article.id}`,
    `${base}/${article.issueId}/Not%20A%20Slug`,
  ]) {
    const response = await request.get(path);
    expect([path, response.status()]).toEqual([path, 404]);
    expect(await response.text()).toContain("Page Not Found: ");
  }
  const tr = await request.get(`/tr/dergiler/${article.alternates.tr}/makaleler/${article.issueId}/boyle-bir-makale-yok`);
  expect(tr.status()).toBe(404);
  expect(await tr.text()).toContain('<html lang="tr"');
});
