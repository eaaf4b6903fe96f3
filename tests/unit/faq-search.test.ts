import { describe, expect, it } from 'vitest';
import { foldText, queryTerms, searchFaq } from '../../src/lib/faq-search';
import { routes, type RouteId } from '../../src/routes';
import { FAQ_CATEGORIES, FAQ_QUESTIONS } from '../../src/server/db/seed/faq';
import { CAREERS, NEWS } from '../../src/server/db/seed/news';

const items = [
  { id: 1, question: 'Kdy mi přijdou peníze z dobírky?', answer: 'Do pěti pracovních dnů od doručení.' },
  { id: 2, question: 'Jak zabalit balík?', answer: 'Použijte pevnou krabici. Na [dobírku](route:cash-on-delivery) se balí stejně.' },
  { id: 3, question: 'Co je to Dobírka?', answer: 'Příjemce zaplatí kurýrovi.' },
  { id: 4, question: 'Posíláte na Slovensko?', answer: 'Ano, ŽILINA i Bratislava.' },
];
const ids = (query: string) => searchFaq(items, query).map((i) => i.id);

describe('FAQ search', () => {
  it('folds case and diacritics', () => {
    expect(foldText('Dobírka ŽLUŤOUČKÝ')).toBe('dobirka zlutoucky');
  });

  it('finds "dobírka" typed without diacritics, in any case of the word, questions first', () => {
    expect(ids('dobirka')).toEqual([1, 3, 2]);
    expect(ids('DOBIRKU')).toEqual([1, 3, 2]);
  });

  it('needs every word of the query', () => {
    expect(ids('dobirka doruceni')).toEqual([1]);
    expect(ids('dobirka slovensko')).toEqual([]);
  });

  it('does not search the targets of links', () => {
    expect(ids('cash')).toEqual([]);
  });

  it('ignores one-letter words unless they are all there is, and finds nothing for an empty query', () => {
    expect(queryTerms('balík a krabice')).toEqual(['balik', 'krabic']);
    expect(queryTerms('a')).toEqual(['a']);
    expect(ids('   ')).toEqual([]);
    expect(ids('?!')).toEqual([]);
  });

  it('matches upper-case text with diacritics in answers', () => {
    expect(ids('zilina')).toEqual([4]);
  });

  it('finds the seeded questions on cash on delivery in both languages', () => {
    const cs = FAQ_QUESTIONS.map((q) => ({ question: q.question_cs, answer: q.answer_cs }));
    const en = FAQ_QUESTIONS.map((q) => ({ question: q.question_en, answer: q.answer_en }));
    expect(searchFaq(cs, 'dobirka').length).toBeGreaterThanOrEqual(3);
    expect(searchFaq(en, 'cash on delivery').length).toBeGreaterThanOrEqual(3);
  });
});

describe('seeded FAQ, news and careers', () => {
  const texts = [
    ...FAQ_QUESTIONS.flatMap((q) => [q.answer_cs, q.answer_en]),
    ...NEWS.flatMap((n) => [n.body_cs, n.body_en]),
    ...CAREERS.flatMap((c) => [c.body_cs, c.body_en]),
  ];

  it('has at least 40 questions, every category some, in Czech and English', () => {
    expect(FAQ_QUESTIONS.length).toBeGreaterThanOrEqual(40);
    for (const c of FAQ_CATEGORIES) expect(FAQ_QUESTIONS.filter((q) => q.category_id === c.id).length, c.name_en).toBeGreaterThanOrEqual(3);
    for (const q of FAQ_QUESTIONS) {
      expect(q.question_cs).not.toBe(q.question_en);
      expect(q.answer_cs).not.toBe(q.answer_en);
    }
  });

  it('links only to routes without parameters, the same ones in both languages', () => {
    const links = (text: string) => [...text.matchAll(/\(route:([\w-]+)\)/g)].map((m) => m[1]!);
    for (const text of texts) {
      for (const id of links(text)) {
        expect(Object.hasOwn(routes, id), id).toBe(true);
        expect(routes[id as RouteId].cs, id).not.toContain('[');
      }
    }
    for (const [cs, en] of [
      ...FAQ_QUESTIONS.map((q) => [q.answer_cs, q.answer_en]),
      ...NEWS.map((n) => [n.body_cs, n.body_en]),
    ] as const) expect(links(en)).toEqual(links(cs));
  });

  it('gives every news article an address token and keeps its perex short enough for a description', () => {
    for (const n of NEWS) {
      expect(n.token).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      for (const perex of [n.perex_cs, n.perex_en]) expect(perex.length).toBeLessThanOrEqual(170);
    }
    expect(new Set(NEWS.map((n) => n.token)).size).toBe(NEWS.length);
  });
});
