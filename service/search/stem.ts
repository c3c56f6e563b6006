/**
 * Stems, from @orama/stemmers (docs/decisions/015-site-search.md says why this package): for
 * Turkish the code Snowball's compiler generates from its Turkish algorithm, for English Porter's
 * algorithm (Snowball's `porter`, the forerunner of its `english`). A stem stands for a word's inflected
 * forms: "migrations" and "migration" are both "migrat", "eğitimde" and "eğitimleri" both "eğit".
 * Snowball's Turkish stemmer takes off one layer of suffixes: "eğitimleri" becomes "eğitim", and
 * only a second pass makes it "eğit" like "eğitim" and "eğitimde"; "hastalar" "hasta", then "has"
 * like "hasta". Turkish words are therefore stemmed twice. A stem of fewer than three letters
 * ("kentin" becomes "ke", and the Turkish stemmer makes English "data" "da", a common Turkish word)
 * would find more unrelated documents than related ones, and is not used.
 */
import { stemmer as englishStemmer } from "@orama/stemmers/english";
import { stemmer as turkishStemmer } from "@orama/stemmers/turkish";
import type { Locale } from "../../i18n/locales.ts";
import { fold } from "./fold.ts";

/**
 * Turkish is stemmed as written (the stemmer reads ğ, ş, ı and vowel harmony), then folded; English
 * folded first (a Turkish-lowercased "INTRODUCTION" is "ıntroductıon", whose ı the English stemmer
 * would take for a consonant).
 */
const stemmers: Record<Locale, (word: string) => string> = {
  en: (word) => fold(englishStemmer(fold(word))),
  tr: (word) => fold(turkishStemmer(turkishStemmer(word))),
};

/** Shorter stems are not used. */
const MIN_STEM = 3;

/**
 * A word's stem in a language, folded, or nothing when it is too short; `word` is lowercased with
 * Turkish rules (fold.ts's lowercaseWords), not folded.
 */
export function stemOf(language: Locale, word: string): string {
  const stem = stemmers[language](word);
  return stem.length < MIN_STEM ? "" : stem;
}
