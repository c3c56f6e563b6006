/**
 * APA writes the titles of articles and books in sentence case: only the first word, the first
 * word after a colon, and proper nouns keep their capital. Which capitalised words are proper nouns
 * is read from a text on the work in the same language (its abstract or description): a word
 * capitalised there in the middle of a sentence, and never written in lower case, is one
 * ("Istanbul", "İstanbul'un", "Tekirdağ"). Acronyms and words with a capital inside or a digit
 * ("COVID-19", "DigCompEdu") are kept as they are; each part of a hyphenated word is one word.
 */
const WORD = /[\p{L}\p{N}]+/gu;

/** The capitalised words a text uses in the middle of its sentences, and never in lower case. */
function properNouns(text: string, language: string): Set<string> {
  const capitalised = new Set<string>();
  const lower = new Set<string>();
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    const before = text.slice(0, match.index).trimEnd();
    if (!/^\p{Lu}/u.test(word)) lower.add(word);
    else if (!(before === "" || /[.!?:;]["”’)]*$/.test(before) || /['’]$/.test(before))) capitalised.add(word);
  }
  return new Set([...capitalised].filter((word) => !lower.has(word.toLocaleLowerCase(language))));
}

export function sentenceCase(title: string, language: string, context: string): string {
  const nouns = properNouns(context, language);
  return title.replace(WORD, (word, offset: number) => {
    const before = title.slice(0, offset).trimEnd();
    const first = before === "" || /[:?!.]["”’]*$/.test(before);
    const kept = first || nouns.has(word) || /\d/.test(word) || /^.\p{L}*\p{Lu}/u.test(word) || !/^\p{Lu}/u.test(word) || /['’]$/.test(before);
    return kept ? word : word.charAt(0).toLocaleLowerCase(language) + word.slice(1);
  });
}
