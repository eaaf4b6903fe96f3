import { Hono } from 'hono';
import * as v from 'valibot';
import { object } from '../../lib/schemas/object';
import type { OriginEnv } from '../env';
import { readJson, readQuery } from '../http/validate';
import { changeRequestState, ChangeRequestSchema, requestChange, sendChangeLink } from '../services/change-requests';
import { deferIn } from './user';

const FindQuerySchema = object({ id: v.pipe(v.string(), v.maxLength(20)), token: v.pipe(v.string(), v.minLength(20), v.maxLength(100)) });
const SubmitSchema = object({ id: v.pipe(v.string(), v.maxLength(20)), token: v.pipe(v.string(), v.minLength(20), v.maxLength(100)), change: ChangeRequestSchema });
const LinkSchema = object({ id: v.pipe(v.string('validation.required'), v.maxLength(20)), email: v.pipe(v.string('validation.required'), v.email('validation.email'), v.maxLength(254)) });

/** v1/change-request: find (spec §7: id, token), submit, and the link by e-mail */
export const changeRequestApi = new Hono<OriginEnv>()
  .get('/find', async (c) => {
    const { id, token } = readQuery(c, FindQuerySchema);
    return c.json({ data: await changeRequestState(c.env, id, token) });
  })
  .post('/', async (c) => {
    const { id, token, change } = await readJson(c, SubmitSchema);
    return c.json({ data: await requestChange(c.env, id, token, change, deferIn(c)) });
  })
  .post('/link', async (c) => {
    const { id, email } = await readJson(c, LinkSchema);
    await sendChangeLink(c.env, id, email, deferIn(c));
    return c.json({ data: { ok: true } });
  });
