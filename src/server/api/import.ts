import { Hono, type Context } from 'hono';
import { translator, type MessageId } from '../../i18n';
import { templateCsv, templateFileName } from '../../lib/csv-import/template';
import { ImportMappingSchema, ImportPriceSchema, ImportTemplateQuerySchema } from '../../lib/schemas/import';
import { CARRIERS, carriersFor } from '../carriers';
import { carrierDisplayName } from '../carriers/names';
import type { OriginEnv } from '../env';
import { requireUser } from '../http/auth';
import { readJson, readQuery } from '../http/validate';
import { pickLanguage } from '../services/countries';
import { rememberedMapping, saveMapping } from '../services/import/mapping';
import { priceImportRows } from '../services/import/pricing';
import { orderableIn } from '../carriers/availability';
import { parseTerritory } from '../services/quote-request';

const scopeOf = (c: Context) => ({
  territory: parseTerritory(c.req.header('x-territory')),
  language: pickLanguage(c.req.header('language'), c.req.header('accept-language')),
});

/** v1/import: the CSV import of the client section (issue 12 item 7); everything but the template needs a signed-in user */
export const importApi = new Hono<OriginEnv>()
  // the rows of one import (each row checked and priced on its own; the answer keeps their order)
  .post('/price', async (c) => {
    await requireUser(c);
    const { rows, strategy } = await readJson(c, ImportPriceSchema);
    return c.json({ data: { rows: await priceImportRows(c.env.DB, rows, strategy, scopeOf(c), { orderable: orderableIn(c.env) }) } });
  })
  .get('/mapping', async (c) => c.json({ data: { columns: await rememberedMapping(c.env.DB, await requireUser(c)) } }))
  .put('/mapping', async (c) => {
    const me = await requireUser(c);
    const { columns } = await readJson(c, ImportMappingSchema);
    return c.json({ data: { columns: await saveMapping(c.env.DB, me, columns) } });
  })
  // the carriers a file may name, and the services of each (the strategy's choice and the column's words)
  .get('/carriers', async (c) => {
    await requireUser(c);
    const carriers = carriersFor(scopeOf(c).territory, CARRIERS);
    return c.json({
      data: carriers.map((carrier) => ({
        code: carrier.code,
        name: carrierDisplayName(carrier.code),
        services: carrier.sheet.services.map((service) => ({ id: `${carrier.code}-${service.code}`, name: service.name })),
      })),
    });
  })
  // the template in cs or en: the import's own field labels as the header, two example rows
  .get('/template', (c) => {
    const { language } = readQuery(c, ImportTemplateQuerySchema);
    const t = translator(language);
    const csv = templateCsv(language, (field) => t(`import.field.${field}` as MessageId));
    return c.body(csv, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${templateFileName(language)}"`,
      'cache-control': 'public, max-age=3600',
    });
  });
