import { describe, expect, it } from 'vitest';
import { FAQ_CATEGORIES, FAQ_QUESTIONS, FAQ_SLOVAK } from '../../src/server/db/seed/faq';
import { CAREERS, NEWS } from '../../src/server/db/seed/news';
import slovakNews from '../../src/server/db/seed/news.sk.json';
import { CZECH_PROPER_NAMES, czechOnly } from '../czech-only';

const links = (markdown: string) => [...markdown.matchAll(/\]\(route:([^)]+)\)/g)].map((m) => m[1]).sort();

/** The Slovak texts of the FAQ, the news and the open positions (issue 26): complete where promised, Slovak, the same links. */
describe('Slovak FAQ, news and positions', () => {
  it('every FAQ category and question has a Slovak text with the Czech answer’s links', () => {
    for (const c of FAQ_CATEGORIES) expect(FAQ_SLOVAK.categories[String(c.id)]?.name, `category ${c.id}`).toBeTruthy();
    for (const q of FAQ_QUESTIONS) {
      const sk = FAQ_SLOVAK.questions[String(q.id)];
      expect(sk?.question, `question ${q.id}`).toBeTruthy();
      expect(links(sk!.answer), `question ${q.id} links`).toEqual(links(q.answer_cs));
    }
  });

  it('the Slovak articles and positions exist, keep the Czech links, and name only known ids', () => {
    const news = slovakNews.news as Record<string, { title: string; perex: string; body: string }>;
    const careers = slovakNews.careers as Record<string, { title: string; place: string; perex: string; body: string }>;
    expect(Object.keys(news).length).toBeGreaterThan(0);
    for (const [id, sk] of Object.entries(news)) {
      const cs = NEWS.find((n) => String(n.id) === id);
      expect(cs, `news ${id}`).toBeDefined();
      expect(links(sk.body)).toEqual(links(cs!.body_cs));
    }
    for (const id of Object.keys(careers)) expect(CAREERS.some((c) => String(c.id) === id), `career ${id}`).toBe(true);
  });

  it('no Slovak text is Czech', () => {
    const texts = [
      ...Object.values(FAQ_SLOVAK.categories).flatMap((c) => [c.name, c.description]),
      ...Object.values(FAQ_SLOVAK.questions).flatMap((q) => [q.question, q.answer]),
      ...Object.values(slovakNews.news).flatMap((n) => Object.values(n)),
      ...Object.values(slovakNews.careers).flatMap((n) => Object.values(n)),
    ];
    expect(texts.flatMap((t) => czechOnly(t, CZECH_PROPER_NAMES))).toEqual([]);
  });
});
