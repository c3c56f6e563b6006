/** The authors of articles, read in one query: the API's article lists and pages, the feeds and the OAI-PMH records share it. */
import type { Author } from "../contract/api-types.ts";
import type { ContentDb } from "./db/database.ts";

/** An article, by the key every query of articles shares (an article's id is unique within its journal). */
export interface ArticleKey {
  journalId: string;
  id: string;
}

/** The authors of the given articles, in one query; the answer gives each article's in their order. */
export async function readAuthors(db: ContentDb, articles: readonly ArticleKey[]): Promise<(article: ArticleKey) => Author[]> {
  if (articles.length === 0) return () => [];
  const rows = await db
    .selectFrom("articleAuthor")
    .where((eb) => eb.or(articles.map((a) => eb.and([eb("journalId", "=", a.journalId), eb("articleId", "=", a.id)]))))
    .select(["journalId", "articleId", "name", "affiliation", "orcid"])
    .orderBy("journalId")
    .orderBy("articleId")
    .orderBy("position")
    .execute();
  const byArticle = Map.groupBy(rows, (r) => `${r.journalId}/${r.articleId}`);
  return (article) =>
    (byArticle.get(`${article.journalId}/${article.id}`) ?? []).map(({ name, affiliation, orcid }) => ({ name, affiliation, orcid }));
}
