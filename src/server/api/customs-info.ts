import { Hono } from 'hono';
import { translator } from '../../i18n';
import { CUSTOMS_INFO_TYPES } from '../../lib/schemas/customs';
import type { OriginEnv } from '../env';
import { pickLanguage } from '../services/countries';

/** GET v1/shipments/customs-additional-info (spec §7): the kinds of additional info a customs declaration carries, named in the request's language */
export const customsInfoApi = new Hono<OriginEnv>().get('/customs-additional-info', (c) => {
  const t = translator(pickLanguage(c.req.header('language'), c.req.header('accept-language')));
  return c.json({ data: CUSTOMS_INFO_TYPES.map((type) => ({ type, name: t(`configurator.customs.info.${type}`) })) });
});
