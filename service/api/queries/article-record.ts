/** The parts of an article's record its landing page shows beside its metadata: references, full text, notices, related articles. */
import type { ArticleDetail, ArticleRelation, FullText, Galley, Locale, Reference } from "../../../contract/api-types.ts";
import { otherLocale } from "../../../i18n/locales.ts";
import type { ArticleKey } from "../../article-authors.ts";
import { noticeTypes } from "../../content/schema.ts";
import type { ContentDb } from "../../db/database.ts";
import { today } from "../../published.ts";

/** The galleys as stored ([{ kind, file, bytes }] or [{ kind, url }]): what a reader is offered, without where a file lies. */
export const galleysOf = (json: string): Galley[] =>
  (JSON.parse(json) as Partial<Galley>[]).map(({ kind, bytes, url }) => ({ kind: kind ?? "pdf", bytes: bytes ?? null, url: url ?? null }));

/**
 * The language an article's title is in, in `locale`: the locale's, unless the title came in the
 * article's own language only (the importer then writes it in both).
 */
export const titleLanguage = (locale: Locale, title: string, otherTitle: string, language: Locale): Locale =>
  title === otherTitle ? language : locale;

/** The reference list in printed order, each with its structured parts where the content gives them. */
export async function readReferences(db: ContentDb, { journalId, id }: ArticleKey): Promise<Reference[]> {
  const rows = await db
    .selectFrom("articleReference")
    .where("journalId", "=", journalId)
    .where("articleId", "=", id)
    .select(["refId", "text", "doi", "url", "parts"])
    .orderBy("position")
    .execute();
  return rows.map(({ refId, text, doi, url, parts }) => ({ id: refId, text, doi, url, type: "other", authors: [], ...JSON.parse(parts) }));
}

export async function readFullText(db: ContentDb, { journalId, id }: ArticleKey): Promise<FullText | null> {
  const row = await db
    .selectFrom("articleFullText")
    .where("journalId", "=", journalId)
    .where("articleId", "=", id)
    .select(["html", "outline", "citedAt"])
    .executeTakeFirst();
  return row ? { html: row.html, outline: JSON.parse(row.outline), citedAt: JSON.parse(row.citedAt) } : null;
}

/**
 * The notices that change this article and the works this notice changes, both ways: a notice
 * names its work, and the work's page finds its notices by the index on the target. A notice not
 * yet published is not named.
 */
export async function readRelations(db: ContentDb, locale: Locale, { journalId, id }: ArticleKey): Promise<ArticleRelation[]> {
  const day = today();
  const withArticle = (side: "source" | "target") =>
    db
      .selectFrom("articleRelation as r")
      .leftJoin("article as a", (j) =>
        j.onRef("a.journalId", "=", "r.journalId").onRef("a.id", "=", side === "source" ? "r.targetArticleId" : "r.articleId"),
      )
      .leftJoin("articleText as t", (j) => j.onRef("t.journalId", "=", "a.journalId").onRef("t.articleId", "=", "a.id").on("t.locale", "=", locale))
      .leftJoin("articleText as o", (j) =>
        j.onRef("o.journalId", "=", "a.journalId").onRef("o.articleId", "=", "a.id").on("o.locale", "=", otherLocale(locale)),
      )
      .where("r.journalId", "=", journalId)
      .select(["r.type", "r.targetDoi", "a.id", "a.issueId", "a.doi", "a.publishedOn", "a.language", "t.title", "o.title as otherTitle"])
      .orderBy("r.position");
  const [asNotice, asWork] = await Promise.all([
    withArticle("source").where("r.articleId", "=", id).execute(),
    withArticle("target").where("r.targetArticleId", "=", id).execute(),
  ]);
  const relation =
    (side: ArticleRelation["side"]) =>
    (row: (typeof asNotice)[number]): ArticleRelation => ({
      type: row.type as ArticleRelation["type"],
      side,
      article:
        row.id && row.issueId && row.title && row.otherTitle && row.language && row.publishedOn && row.publishedOn <= day
          ? {
              issueId: row.issueId,
              id: row.id,
              title: row.title,
              titleLanguage: titleLanguage(locale, row.title, row.otherTitle, row.language as Locale),
              doi: row.doi,
            }
          : null,
      doi: row.targetDoi ?? row.doi,
    });
  return [...asNotice.map(relation("notice")), ...asWork.map(relation("work")).filter((r) => r.article !== null)];
}

/** How many of the journal's newest articles are weighed for the related ones. */
const RELATED_POOL = 300;
const RELATED = 4;

/**
 * Up to four other articles of the journal sharing the most keywords with this one (in the
 * page's locale), newest first among equals; the issue's other articles when none shares any.
 */
export async function relatedArticles(
  db: ContentDb,
  locale: Locale,
  { journalId, id, issueId }: ArticleKey & { issueId: string },
): Promise<ArticleDetail["related"]> {
  const rows = await db
    .selectFrom("article as a")
    .innerJoin("articleText as t", (j) => j.onRef("t.journalId", "=", "a.journalId").onRef("t.articleId", "=", "a.id").on("t.locale", "=", locale))
    .innerJoin("articleText as o", (j) =>
      j.onRef("o.journalId", "=", "a.journalId").onRef("o.articleId", "=", "a.id").on("o.locale", "=", otherLocale(locale)),
    )
    .where("a.journalId", "=", journalId)
    .where("a.publishedOn", "<=", today())
    .select(["a.id", "a.issueId", "a.type", "a.position", "a.language", "t.title", "o.title as otherTitle", "t.keywords"])
    .orderBy("a.publishedOn", "desc")
    .orderBy("a.position")
    .limit(RELATED_POOL)
    .execute();
  const fold = (keyword: string) => keyword.toLocaleLowerCase(locale);
  const own = new Set((JSON.parse(rows.find((r) => r.id === id)?.keywords ?? "[]") as string[]).map(fold));
  const others = rows.filter((r) => r.id !== id && !(noticeTypes as readonly string[]).includes(r.type));
  const scored = others
    .map((r, order) => ({ r, order, shared: (JSON.parse(r.keywords) as string[]).filter((k) => own.has(fold(k))).length }))
    .filter((x) => x.shared > 0)
    .sort((a, b) => b.shared - a.shared || a.order - b.order)
    .map((x) => x.r);
  const picked = scored.length > 0 ? scored : others.filter((r) => r.issueId === issueId);
  return picked.slice(0, RELATED).map((r) => ({
    issueId: r.issueId,
    id: r.id,
    title: r.title,
    titleLanguage: titleLanguage(locale, r.title, r.otherTitle, r.language as Locale),
  }));
}
