/**
 * What the index holds of a document's texts, and what a query looks for. The index holds every
 * word folded (fold.ts), followed by its stem in the text's language when that differs (stem.ts),
 * and identifiers as single terms (identifiers.ts). A query is typed in either language: each of
 * its words matches a document holding the word or either language's stem of it, so "migrations"
 * finds "migration" and "eğitimde" finds "eğitim", and back. A document holding the word itself
 * also holds its stem and so matches two of the forms: relevance ranks it above a stem-only match.
 */
import type { Locale } from "../../i18n/locales.ts";
import { fold, lowercaseWords } from "./fold.ts";
import { identifiersIn } from "./identifiers.ts";
import { stemOf } from "./stem.ts";

type Text = string | null | undefined;

/** A document's texts by language; `other` is text of no language of its own (names, affiliations, abbreviations), folded but not stemmed. */
export type IndexTexts = Partial<Record<Locale | "other", Text[]>>;

/** A word's terms in the index, per language, once computed: an import reads every word of the catalogue, most of them many times over. */
const known: Record<keyof IndexTexts, Map<string, string>> = { en: new Map(), tr: new Map(), other: new Map() };
/** Past this many words a language's memory starts again. */
const MAX_KNOWN = 200_000;

/** A word's terms: folded, and followed by its stem in the language when that differs; empty if it folds to nothing. */
function wordTerms(language: keyof IndexTexts, word: string): string {
  const cache = known[language];
  let terms = cache.get(word);
  if (terms === undefined) {
    if (cache.size >= MAX_KNOWN) cache.clear();
    const folded = fold(word);
    const stem = language === "other" || !folded ? "" : stemOf(language, word);
    terms = stem && stem !== folded ? `${folded} ${stem}` : folded;
    cache.set(word, terms);
  }
  return terms;
}

/** Texts as the index holds them: their terms separated by single spaces. */
export function indexTerms(texts: IndexTexts): string {
  const terms: string[] = [];
  for (const [language, list] of Object.entries(texts) as [keyof IndexTexts, Text[] | undefined][]) {
    for (const text of list ?? []) {
      if (!text) continue;
      for (const word of lowercaseWords(text)) {
        const held = wordTerms(language, word);
        if (held) terms.push(held);
      }
    }
  }
  return terms.join(" ");
}

/** A query's term: a document matches it if it holds any of its forms. */
export interface QueryTerm {
  /** The folded word (or an identifier's term), then its stems in English and Turkish, without repeats. */
  forms: string[];
  /** Whether the first form is matched as a prefix too: the query's last word, which may still be being typed. */
  prefix: boolean;
}

/** At most this many terms of a query are looked for (a longer query adds nothing but cost). */
const MAX_QUERY_TERMS = 12;
/** The last word is matched as a prefix only from this length on (shorter prefixes match too much to help). */
const MIN_PREFIX = 3;

/** What a query looks for: the identifiers it names, then its distinct words; every term must match. */
export function queryTerms(query: string): QueryTerm[] {
  const { terms: identifiers, rest } = identifiersIn(query);
  const words = new Map<string, string>();
  for (const word of lowercaseWords(rest)) {
    const folded = fold(word);
    if (folded && !words.has(folded)) words.set(folded, word);
  }
  const wordTerms = [...words].map(([folded, word]) => ({
    forms: [...new Set([folded, stemOf("en", word), stemOf("tr", word)])].filter(Boolean),
    prefix: false,
  }));
  const terms = [...identifiers.map((term) => ({ forms: [term], prefix: false })), ...wordTerms].slice(0, MAX_QUERY_TERMS);
  const last = terms.at(-1);
  if (last && wordTerms.includes(last) && last.forms[0].length >= MIN_PREFIX) last.prefix = true;
  return terms;
}
