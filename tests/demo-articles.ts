/**
 * What the tests look for among the demo's articles, through the content API: one that carries
 * every field the article page shows (a DOI, pages, a PDF, ORCID iDs, ROR ids), and one that lacks
 * the optional ones (no DOI, no pages).
 */
import type { ArticleSummary } from "../contract/api-types.ts";

export const hasEveryField = (a: ArticleSummary): boolean =>
  Boolean(a.doi) &&
  a.firstPage !== null &&
  a.galleys.some((g) => g.kind === "pdf") &&
  a.authors.some((x) => x.orcid) &&
  a.authors.some((x) => x.affiliations.some((y) => y.ror));

export const lacksOptionalFields = (a: ArticleSummary): boolean => !a.doi && a.firstPage === null;
