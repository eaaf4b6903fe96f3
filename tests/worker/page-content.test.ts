import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetRememberedApiResponses } from '../../src/edge/gateway';
import type { FaqCategory, FaqCategoryWithQuestions, FaqSearchHit } from '../../src/server/services/content/faq';
import type { Career, CareerDetail, NewsDetail, NewsPage } from '../../src/server/services/content/news';
import { browser, dataOf } from './client';

const en = { language: 'en' };

beforeEach(async () => {
  const { keys } = await env.CACHE.list();
  await Promise.all(keys.map((k) => env.CACHE.delete(k.name)));
  forgetRememberedApiResponses();
});

describe('GET v1/page/faq', () => {
  it('lists the categories with their number of questions, or all of them with the questions', async () => {
    const b = browser();
    const { categories } = await dataOf<{ categories: FaqCategory[] }>(await b.get('/api/v1/page/faq'));
    expect(categories[0]).toMatchObject({ id: 1, name: 'Objednávka a ceny' });
    expect(categories[0]).not.toHaveProperty('questions');
    const all = await dataOf<{ categories: FaqCategoryWithQuestions[] }>(await b.get('/api/v1/page/faq?get_all=true'));
    const questions = all.categories.flatMap((c) => c.questions);
    expect(questions.length).toBeGreaterThanOrEqual(40);
    expect(all.categories.map((c) => c.questions.length)).toEqual(categories.map((c) => c.question_count));
    expect(all.categories.map((c) => c.id)).toEqual(categories.map((c) => c.id));
  });

  it('answers in the language of the request', async () => {
    const { category } = await dataOf<{ category: FaqCategoryWithQuestions }>(await browser().get('/api/v1/page/faq?id=5', en));
    expect(category.name).toBe('Cash on delivery');
    expect(category.questions[0]!.question).toMatch(/^What is cash on delivery/);
  });

  it('gives one category, and 404 in the §8 shape for an unknown one', async () => {
    const b = browser();
    const { category } = await dataOf<{ category: FaqCategoryWithQuestions }>(await b.get('/api/v1/page/faq?id=5'));
    expect(category).toMatchObject({ id: 5, name: 'Dobírka' });
    expect(category.questions.every((q) => q.category_id === 5)).toBe(true);
    const missing = await b.get('/api/v1/page/faq?id=999');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ type: 'API_NOT_FOUND_ERROR', status: 404 });
  });

  it('searches without regard to diacritics and case, within a category when asked', async () => {
    const b = browser();
    const found = await dataOf<{ query: string; questions: FaqSearchHit[] }>(await b.get(`/api/v1/page/faq?q=${encodeURIComponent('DOBIRKA')}`));
    expect(found.questions.length).toBeGreaterThanOrEqual(3);
    expect(found.questions[0]!.question.toLowerCase()).toContain('dobírk');
    expect(found.questions[0]).toHaveProperty('category_name');
    const inCategory = await dataOf<{ questions: FaqSearchHit[] }>(await b.get('/api/v1/page/faq?q=dobirka&id=7'));
    expect(inCategory.questions.length).toBeGreaterThan(0);
    expect(inCategory.questions.every((q) => q.category_id === 7)).toBe(true);
    expect((await dataOf<{ questions: FaqSearchHit[] }>(await b.get('/api/v1/page/faq?q=xyzzy'))).questions).toEqual([]);
  });

  it('refuses bad parameters with 400', async () => {
    const b = browser();
    for (const query of ['id=abc', 'id=0', 'get_all=yes', 'q=', `q=${'a'.repeat(101)}`]) {
      const res = await b.get(`/api/v1/page/faq?${query}`);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { type: string }).type).toBe('FORM_VALIDATION_ERROR');
    }
  });

  it('is cached by the edge per language and query', async () => {
    const b = browser();
    expect((await b.get('/api/v1/page/faq?q=clo')).headers.get('x-cache')).toBe('MISS');
    expect((await b.get('/api/v1/page/faq?q=clo')).headers.get('x-cache')).toBe('HIT');
    expect((await b.get('/api/v1/page/faq?q=clo', en)).headers.get('x-cache')).toBe('MISS');
    expect(await env.CACHE.get('api:cz:cs:/api/v1/page/faq?q=clo')).not.toBeNull();
    expect((await b.get('/api/v1/page/faq?q=dpd')).headers.get('x-cache')).toBe('MISS');
  });
});

describe('GET v1/page/news and v1/page/careers', () => {
  it('lists news newest first with paging, and gives one article by its token', async () => {
    const b = browser();
    const list = await dataOf<NewsPage>(await b.get('/api/v1/page/news'));
    expect(list).toMatchObject({ page: 1, pages: 1 });
    expect(list.items.length).toBe(list.total);
    const dates = list.items.map((n) => n.published_on);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(list.items[0]).not.toHaveProperty('body');
    expect((await dataOf<NewsPage>(await b.get('/api/v1/page/news?page=2'))).items).toEqual([]);
    expect((await b.get('/api/v1/page/news?page=0')).status).toBe(400);

    const article = await dataOf<NewsDetail>(await b.get(`/api/v1/page/news/${list.items[0]!.token}`, en));
    expect(article.title).toMatch(/Christmas/);
    expect(article.body).toContain('| Where |');
  });

  it('answers 404 for an unknown or malformed news token', async () => {
    const b = browser();
    for (const token of ['neexistuje', 'Bad_Token', '%2E%2E']) {
      const res = await b.get(`/api/v1/page/news/${token}`);
      expect(res.status, token).toBe(404);
      expect(((await res.json()) as { type: string }).type).toBe('API_NOT_FOUND_ERROR');
    }
  });

  it('lists the open positions and gives one by id; unknown, malformed and closed ids are 404', async () => {
    const b = browser();
    const list = await dataOf<Career[]>(await b.get('/api/v1/page/careers'));
    expect(list.length).toBeGreaterThanOrEqual(3);
    const detail = await dataOf<CareerDetail>(await b.get(`/api/v1/page/careers/${list[0]!.id}`));
    expect(detail).toMatchObject({ id: list[0]!.id, title: list[0]!.title, type: 'full_time' });
    expect(detail.body).toContain('## ');
    for (const id of ['999', 'abc', '0']) expect((await b.get(`/api/v1/page/careers/${id}`)).status, id).toBe(404);

    await env.DB.prepare('UPDATE careers SET active = 0 WHERE id = ?').bind(list[0]!.id).run();
    try {
      expect((await b.get(`/api/v1/page/careers/${list[0]!.id}`)).status).toBe(404);
      forgetRememberedApiResponses();
      await env.CACHE.delete('api:cz:cs:/api/v1/page/careers');
      expect((await dataOf<Career[]>(await b.get('/api/v1/page/careers'))).map((c) => c.id)).not.toContain(list[0]!.id);
    } finally {
      await env.DB.prepare('UPDATE careers SET active = 1 WHERE id = ?').bind(list[0]!.id).run();
    }
  });
});
