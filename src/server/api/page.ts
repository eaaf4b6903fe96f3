import { Hono, type Context } from 'hono';
import { FaqQuerySchema, isContentId, isNewsToken, NewsQuerySchema } from '../../lib/schemas/page';
import type { OriginEnv } from '../env';
import { notFound } from '../http/errors';
import { readQuery } from '../http/validate';
import { pickLanguage } from '../services/countries';
import { getFaq } from '../services/content/faq';
import { careerDetail, listCareers, listNews, newsDetail } from '../services/content/news';

const language = (c: Context) => pickLanguage(c.req.header('language'), c.req.header('accept-language'));

/**
 * v1/page: the site's content from D1 (spec §7 `v1/page/faq`, issue 13 items 4 and 6), in the
 * request's language. Public and the same for everyone: the edge may cache them.
 */
export const pageApi = new Hono<OriginEnv>()
  .use(async (c, next) => {
    await next();
    c.header('vary', 'language, accept-language');
  })
  .get('/faq', async (c) => {
    const query = readQuery(c, FaqQuerySchema);
    return c.json({ data: await getFaq(c.env.DB, language(c), query) });
  })
  .get('/news', async (c) => {
    const { page } = readQuery(c, NewsQuerySchema);
    return c.json({ data: await listNews(c.env.DB, language(c), page) });
  })
  .get('/news/:token', async (c) => {
    const token = c.req.param('token');
    if (!isNewsToken(token)) throw notFound('No such news article');
    return c.json({ data: await newsDetail(c.env.DB, language(c), token) });
  })
  .get('/careers', async (c) => c.json({ data: await listCareers(c.env.DB, language(c)) }))
  .get('/careers/:id', async (c) => {
    const id = c.req.param('id');
    if (!isContentId(id)) throw notFound('No such position');
    return c.json({ data: await careerDetail(c.env.DB, language(c), Number(id)) });
  });
