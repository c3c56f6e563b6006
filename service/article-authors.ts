/** The authors of articles, read in one query: the API's article lists and pages, the feeds and the OAI-PMH records share it. */
import type { Affiliation, Author, Person } from "../contract/api-types.ts";
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
    .select(["journalId", "articleId", "name", "given", "family", "orcid", "affiliations", "corresponding", "email", "roles"])
    .orderBy("journalId")
    .orderBy("articleId")
    .orderBy("position")
    .execute();
  const byArticle = Map.groupBy(rows, (r) => `${r.journalId}/${r.articleId}`);
  return (article) =>
    (byArticle.get(`${article.journalId}/${article.id}`) ?? []).map(({ journalId, articleId, affiliations, corresponding, roles, ...author }) => ({
      ...author,
      affiliations: personAffiliations(affiliations),
      corresponding: corresponding === 1,
      roles: JSON.parse(roles) as string[],
    }));
}

/** A person's affiliations as stored (JSON), with the absent parts null. */
export function personAffiliations(json: string): Affiliation[] {
  return affiliationsOf(JSON.parse(json));
}
const affiliationsOf = (list: { name: string; ror?: string; country?: string }[]): Affiliation[] =>
  list.map(({ name, ror, country }) => ({
    name,
    ror: ror ?? null,
    country: country ?? null,
  }));

/** A person as the content files give one (chapter authors are stored so): the name as printed, absent parts null. */
export function personOf(file: {
  given?: string;
  family: string;
  orcid?: string;
  affiliations?: { name: string; ror?: string; country?: string }[];
}): Person {
  return {
    name: file.given ? `${file.given} ${file.family}` : file.family,
    given: file.given ?? null,
    family: file.family,
    orcid: file.orcid ?? null,
    affiliations: affiliationsOf(file.affiliations ?? []),
  };
}
