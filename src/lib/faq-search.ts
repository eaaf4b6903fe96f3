/**
 * Search in the frequently asked questions: insensitive to case and diacritics ("dobirka"
 * finds "Dobírka"), and to the ending of a Czech word ("dobírka" finds "dobírku", "dobírky").
 * Every word of the query must occur in the question or its answer; matches in the question
 * rank higher. The set is small (tens of questions), so it is searched in memory.
 */

/** lower case, without diacritics (NFD marks dropped) */
export const foldText = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Markdown link targets and markup are not words a visitor searches for */
const plainText = (markdown: string): string => markdown.replace(/\]\([^)]*\)/g, ']').replace(/[*_`#>[\]]/g, ' ');

/**
 * The words of a query, folded; a word of five letters or more loses a final vowel (the Czech
 * case ending: "zasilka" → "zasilk"), so that every case of the word matches. One-letter words
 * ("a", "v", "z") are dropped unless nothing else is left.
 */
export function queryTerms(query: string): string[] {
  const words = foldText(query).match(/[\p{L}\p{N}]+/gu) ?? [];
  const kept = words.filter((w) => w.length > 1);
  const terms = (kept.length > 0 ? kept : words).map((w) => (w.length >= 5 ? w.replace(/[aeiouy]$/, '') : w));
  return [...new Set(terms)];
}

export type Searchable = { question: string; answer: string };

/** the questions matching every term of the query, best first (ties keep their order); none for an empty query */
export function searchFaq<T extends Searchable>(items: readonly T[], query: string): T[] {
  const terms = queryTerms(query);
  if (terms.length === 0) return [];
  const scored: { item: T; score: number; index: number }[] = [];
  items.forEach((item, index) => {
    const question = foldText(item.question);
    const answer = foldText(plainText(item.answer));
    let score = 0;
    for (const term of terms) {
      const inQuestion = question.includes(term);
      if (!inQuestion && !answer.includes(term)) return;
      score += inQuestion ? 3 : 1;
    }
    scored.push({ item, score, index });
  });
  return scored.sort((a, b) => b.score - a.score || a.index - b.index).map((s) => s.item);
}
