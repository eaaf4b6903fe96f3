import { Hono } from 'hono';
import type { OriginEnv } from '../../env';
import { bookSandboxLine } from './sandbox';
import { parseFioImportXml } from './fio-import';

/**
 * Fio's payment import as the sandbox bank speaks it (local development and tests only;
 * mounted at /_sandbox/fio): POST /v1/rest/import/ with multipart token, type=xml and file,
 * answered with Fio's `responseImport` XML. Each order is booked at once as an outgoing line
 * (negative) of the sandbox bank's statement, with its counter-account, symbols and message.
 */
const answer = (errorCode: number, status: 'ok' | 'error', message: string, idInstruction = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>
<responseImport xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="http://www.fio.cz/schema/responseImportIB.xsd">
  <result><errorCode>${errorCode}</errorCode>${idInstruction ? `<idInstruction>${idInstruction}</idInstruction>` : ''}<status>${status}</status></result>
  <ordersDetails><detail id="1"><messages><message status="${status}" errorCode="${errorCode}">${message}</message></messages></detail></ordersDetails>
</responseImport>
`;

export function fioImportSandbox() {
  return new Hono<OriginEnv>().post('/v1/rest/import/', async (c) => {
    const xml = (body: string, status: 200 | 400 | 500 = 200) => c.body(body, status, { 'content-type': 'application/xml; charset=utf-8' });
    const form = await c.req.parseBody().catch(() => null);
    const file = form?.file;
    if (!form || typeof form.token !== 'string' || form.token === '') return xml(answer(11, 'error', 'Missing token'), 400);
    if (form.type !== 'xml' || !(file instanceof File)) return xml(answer(11, 'error', 'Expected type=xml and a file'), 400);
    const orders = parseFioImportXml(await file.text());
    if (orders.length === 0) return xml(answer(11, 'error', 'No orders in the file'));
    const bookedOn = new Date().toISOString().slice(0, 10);
    let last = 0;
    for (const { kind, fields } of orders) {
      const amountMinor = Math.round(Number(fields.amount) * 100);
      if (!fields.accountTo || !fields.currency || !(amountMinor > 0)) return xml(answer(11, 'error', 'Invalid order'));
      const counterAccount = kind === 'DomesticTransaction' ? `${fields.accountTo}/${fields.bankCode ?? ''}` : fields.accountTo;
      const message = [fields.messageForRecipient ?? fields.remittanceInfo1, fields.comment].filter(Boolean).join(' | ') || null;
      const line = await bookSandboxLine(c.env.DB, { amountMinor: -amountMinor, currency: fields.currency, counterAccount, variableSymbol: fields.vs ?? null, specificSymbol: fields.ss ?? null, message, bookedOn });
      last = line.id;
    }
    return xml(answer(0, 'ok', 'OK', `SBX-IMPORT-${last}`));
  });
}
