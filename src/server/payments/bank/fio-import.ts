import { parseCzechAccountNumber } from '../../../lib/validators';

/**
 * Fio banka's payment import (API Bankovnictví, "Import (upload) platebních příkazů"; see
 * PROTOCOL.md): an `Import` XML of `DomesticTransaction` (crowns to a Czech account) and
 * `T2Transaction` (euro payments to an IBAN), POSTed as multipart (token, type=xml, file) to
 * /v1/rest/import/; Fio answers a `responseImport` XML (errorCode 0 = accepted).
 */
export const FIO_IMPORT_URL = 'https://fioapi.fio.cz/v1/rest/import/';
export const FIO_DOMESTIC_STANDARD = '431001';
export const FIO_EURO_STANDARD = '431008';

export type FioPaymentOrder = {
  /** the shop's account the money leaves (number without the bank code) */
  accountFrom: string;
  currency: string;
  amountMinor: number;
  /** the payer's account: Czech 'prefix-number/bank' or an IBAN */
  accountTo: string;
  vs?: string | null;
  ss?: string | null;
  ks?: string | null;
  /** due date YYYY-MM-DD */
  date: string;
  messageForRecipient: string;
  comment: string;
  /** the recipient's name (euro payments require it) */
  benefName: string;
};

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
const el = (name: string, value: string | null | undefined) => (value === null || value === undefined || value === '' ? [] : [`      <${name}>${escape(value)}</${name}>`]);
const amount = (minor: number) => (minor / 100).toFixed(2);

/** a Czech account in Fio's fields: number ('prefix-number' or 'number') and bank code; a CZ IBAN decomposed */
export function domesticAccount(account: string): { accountTo: string; bankCode: string } | null {
  const iban = account.replace(/\s+/g, '').toUpperCase();
  if (/^CZ\d{22}$/.test(iban)) {
    const prefix = iban.slice(8, 14).replace(/^0+/, '');
    const number = iban.slice(14).replace(/^0+/, '');
    return { accountTo: prefix ? `${prefix}-${number}` : number, bankCode: iban.slice(4, 8) };
  }
  const [number, bankCode, ...rest] = account.replace(/\s+/g, '').split('/');
  if (rest.length || !bankCode || !parseCzechAccountNumber(number ?? '')) return null;
  return { accountTo: number!, bankCode };
}

/** one order's XML element: crowns to a Czech account go domestic, the rest as a euro (SEPA) payment */
function orderXml(o: FioPaymentOrder): string[] {
  const domestic = o.currency === 'CZK' ? domesticAccount(o.accountTo) : null;
  if (domestic) {
    return [
      '    <DomesticTransaction>',
      ...el('accountFrom', o.accountFrom),
      ...el('currency', o.currency),
      ...el('amount', amount(o.amountMinor)),
      ...el('accountTo', domestic.accountTo),
      ...el('bankCode', domestic.bankCode),
      ...el('ks', o.ks),
      ...el('vs', o.vs),
      ...el('ss', o.ss),
      ...el('date', o.date),
      ...el('messageForRecipient', o.messageForRecipient.slice(0, 140)),
      ...el('comment', o.comment.slice(0, 255)),
      ...el('paymentType', FIO_DOMESTIC_STANDARD),
      '    </DomesticTransaction>',
    ];
  }
  return [
    '    <T2Transaction>',
    ...el('accountFrom', o.accountFrom),
    ...el('currency', o.currency),
    ...el('amount', amount(o.amountMinor)),
    ...el('accountTo', o.accountTo.replace(/\s+/g, '').toUpperCase()),
    ...el('ks', o.ks),
    ...el('vs', o.vs),
    ...el('ss', o.ss),
    ...el('date', o.date),
    ...el('benefName', o.benefName.slice(0, 35)),
    ...el('remittanceInfo1', o.messageForRecipient.slice(0, 35)),
    ...el('comment', o.comment.slice(0, 255)),
    ...el('paymentType', FIO_EURO_STANDARD),
    '    </T2Transaction>',
  ];
}

export function fioImportXml(orders: readonly FioPaymentOrder[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<Import xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="http://www.fio.cz/schema/importIB.xsd">',
    '  <Orders>',
    ...orders.flatMap(orderXml),
    '  </Orders>',
    '</Import>',
    '',
  ].join('\n');
}

const unescape = (text: string) => text.replace(/&(lt|gt|quot|apos|amp);/g, (_, e: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[e]!);

/** the orders of an import XML (what the sandbox bank books; a test's check of the file) */
export function parseFioImportXml(xml: string): { kind: 'DomesticTransaction' | 'T2Transaction'; fields: Record<string, string> }[] {
  const out: { kind: 'DomesticTransaction' | 'T2Transaction'; fields: Record<string, string> }[] = [];
  for (const m of xml.matchAll(/<(DomesticTransaction|T2Transaction)>([\s\S]*?)<\/\1>/g)) {
    const fields: Record<string, string> = {};
    for (const f of m[2]!.matchAll(/<([A-Za-z0-9]+)>([^<]*)<\/\1>/g)) fields[f[1]!] = unescape(f[2]!);
    out.push({ kind: m[1] as 'DomesticTransaction' | 'T2Transaction', fields });
  }
  return out;
}

/** Fio's answer to an import: errorCode 0 (ok) or 1/2 (with warnings: still taken) means accepted */
export function fioImportAnswer(xml: string): { accepted: boolean; errorCode: number | null; idInstruction: string | null; message: string | null } {
  const code = /<errorCode>\s*(\d+)\s*<\/errorCode>/.exec(xml);
  const id = /<idInstruction>\s*([^<\s]+)\s*<\/idInstruction>/.exec(xml);
  const message = /<message[^>]*>([^<]*)<\/message>/.exec(xml);
  const errorCode = code ? Number(code[1]) : null;
  return { accepted: errorCode !== null && errorCode <= 2 && /<status>\s*(ok|warning)\s*<\/status>/.test(xml), errorCode, idInstruction: id?.[1] ?? null, message: message?.[1] ? unescape(message[1]) : null };
}

export type FioImporter = { mode: 'live' | 'sandbox'; send(xml: string): Promise<{ idInstruction: string | null }> };

/** POSTs an import to Fio (or the sandbox's same endpoint); throws when it is not accepted */
export function fioImporter(token: string, mode: 'live' | 'sandbox', fetcher: (request: Request) => Promise<Response>, url = FIO_IMPORT_URL): FioImporter {
  return {
    mode,
    async send(xml) {
      const form = new FormData();
      form.set('type', 'xml');
      form.set('token', token);
      form.set('lng', 'cs');
      form.set('file', new Blob([xml], { type: 'application/xml' }), 'refunds.xml');
      const res = await fetcher(new Request(url, { method: 'POST', body: form, signal: AbortSignal.timeout(30_000) }));
      const text = await res.text();
      const answer = fioImportAnswer(text);
      if (!res.ok || !answer.accepted) throw new Error(`Fio import refused (${res.status}, errorCode ${answer.errorCode}): ${answer.message ?? text.slice(0, 200)}`);
      return { idInstruction: answer.idInstruction };
    },
  };
}
