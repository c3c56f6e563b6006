/**
 * APA writes the titles of articles and books in sentence case: only the first word, the first
 * word after a colon, and proper nouns keep their capital. Which capitalised words are proper nouns
 * is read from a text on the work in the same language (its abstract or description): a word
 * capitalised there in the middle of a sentence is one ("Istanbul", "Tekirdağ"). Acronyms and
 * words with a capital inside or a digit ("COVID-19", "DigCompEdu") are kept as they are.
 */
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;

/** The capitalised words a text uses in the middle of its sentences. */
function properNouns(text: string): Set<string> {
  const nouns = new Set<string>();
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    const before = text.slice(0, match.index).trimEnd();
    const startsSentence = before === "" || /[.!?:;]["”’)]*$/.test(before);
    if (!startsSentence && /^\p{Lu}/u.test(word)) nouns.add(word);
  }
  return nouns;
}

export function sentenceCase(title: string, language: string, context: string): string {
  const nouns = properNouns(context);
  return title.replace(WORD, (word, offset: number) => {
    const before = title.slice(0, offset).trimEnd();
    const first = before === "" || /[:?!.]["”’]*$/.test(before);
    const kept = first || nouns.has(word) || /\d/.test(word) || /^.\p{L}*\p{Lu}/u.test(word) || !/^\p{Lu}/u.test(word);
    return kept ? word : word.charAt(0).toLocaleLowerCase(language) + word.slice(1);
  });
}
