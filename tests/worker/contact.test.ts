import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isWithinWorkingHours } from '../../src/lib/working-hours';
import { bindings, browser, dataOf } from './client';

type ErrorJson = { type: string; status: number; message: string; errors?: { field: string; code: string }[] };
type Row = { id: number; form: string; topic: string; name: string; email: string; phone: string | null; company: string | null; ico: string | null; monthly_parcels: string | null; tracking_number: string | null; message: string; language: string; territory: string; ip: string | null; routed_to: string };
type Mail = { to: string; subject: string; text: string; html: string; template: string; language: string; status: string };

const SUBMIT = '/api/v1/contact/submit';
const unique = () => `c${crypto.randomUUID().slice(0, 8)}@example.cz`;
const codes = async (res: Response) => Object.fromEntries(((await res.json()) as ErrorJson).errors?.map((e) => [e.field, e.code]) ?? []);
const rowsOf = async (email: string) => (await env.DB.prepare('SELECT * FROM contact_messages WHERE email = ? ORDER BY id').bind(email).all<Row>()).results;
const mailsTo = async (to: string) => (await env.DB.prepare('SELECT * FROM outbox WHERE "to" = ? ORDER BY id').bind(to).all<Mail>()).results;
const mailsAbout = async (email: string) =>
  (await env.DB.prepare(`SELECT * FROM outbox WHERE template IN ('contact_team', 'contact_ack') AND ("to" = ? OR text LIKE ?) ORDER BY id`).bind(email, `%${email}%`).all<Mail>()).results;

/** a form rendered a minute ago */
const contact = (email: string, changes: Record<string, unknown> = {}) => ({
  form: 'contact',
  topic: 'customer_care',
  name: 'Jana Nováková',
  email,
  phone: '777 123 456',
  message: 'Dobrý den, kde je moje zásilka?\nDěkuji.',
  tracking_number: 'iz1234567890',
  website: '',
  started_at: Date.now() - 60_000,
  ...changes,
});
const offer = (email: string, changes: Record<string, unknown> = {}) => ({
  form: 'offer',
  topic: 'sales',
  name: 'Petr Obchodník',
  email,
  company: 'Firma s.r.o.',
  ico: '27082440',
  monthly_parcels: '201-1000',
  message: 'Posíláme zhruba 500 balíků měsíčně po celé republice.',
  website: '',
  started_at: Date.now() - 60_000,
  ...changes,
});

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('POST v1/contact/submit', () => {
  it('stores a message routed to its team and sends the team mail (cs) and the acknowledgement', async () => {
    const email = unique();
    const res = await browser('198.51.100.7').post(SUBMIT, contact(email));
    expect(res.status).toBe(200);
    // the same answer as for a submission taken for spam: a bot learns nothing from it
    expect(await dataOf(res)).toEqual({ ok: true });

    const [row, ...more] = await rowsOf(email);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      form: 'contact',
      topic: 'customer_care',
      name: 'Jana Nováková',
      phone: '777 123 456',
      tracking_number: 'IZ1234567890',
      ico: null,
      monthly_parcels: null,
      language: 'cs',
      territory: 'cz',
      ip: '198.51.100.7',
      routed_to: 'podpora@zasilkovac.cz',
    });

    const mails = await mailsAbout(email);
    expect(mails.map((m) => [m.template, m.to, m.language])).toEqual([
      ['contact_team', 'podpora@zasilkovac.cz', 'cs'],
      ['contact_ack', email, 'cs'],
    ]);
    const [team, ack] = mails as [Mail, Mail];
    expect(team.subject).toBe('Kontaktní formulář – Zákaznická péče: Jana Nováková');
    for (const line of ['Téma: Zákaznická péče', `E-mail: ${email}`, 'Telefon: 777 123 456', 'Číslo zásilky: IZ1234567890', 'Dobrý den, kde je moje zásilka?', 'Děkuji.']) expect(team.text).toContain(line);
    expect(team.text).toContain(`mailto:${email}?subject=`);
    expect(ack.subject).toBe('Vaši zprávu jsme přijali');
    expect(ack.text).toContain('Dobrý den, Jana Nováková,');
    expect(ack.text).toContain('do jednoho pracovního dne');
    // the phone number only while the line is open
    if (isWithinWorkingHours(new Date())) expect(ack.text).toContain('+420 228 882 288');
    else expect(ack.text).toContain('je teď zavřená');
    // the sender's words go to the team, never back out to the address given
    expect(ack.text).not.toContain('kde je moje zásilka');
  });

  it('routes each topic to its address, the offer to sales with its company details', async () => {
    const pr = unique();
    expect((await browser().post(SUBMIT, contact(pr, { topic: 'pr_marketing', tracking_number: '' }))).status).toBe(200);
    expect((await rowsOf(pr))[0]).toMatchObject({ topic: 'pr_marketing', routed_to: 'pr@zasilkovac.cz', tracking_number: null });

    const biz = unique();
    expect((await browser().post(SUBMIT, offer(biz))).status).toBe(200);
    expect((await rowsOf(biz))[0]).toMatchObject({ form: 'offer', topic: 'sales', company: 'Firma s.r.o.', ico: '27082440', monthly_parcels: '201-1000', tracking_number: null, routed_to: 'obchod@zasilkovac.cz' });
    const team = (await mailsAbout(biz)).find((m) => m.template === 'contact_team')!;
    expect(team.to).toBe('obchod@zasilkovac.cz');
    for (const line of ['Žádost o nabídku', 'Firma: Firma s.r.o.', 'IČO: 27082440', 'Počet zásilek měsíčně: 201-1000']) expect(team.text).toContain(line);
  });

  it('takes the team addresses from the environment, and customer care of the Slovak site', async () => {
    const email = unique();
    const b = browser();
    const res = await b.call('POST', SUBMIT, offer(email), {}, { CONTACT_SALES_EMAIL: 'sales-team@example.test' });
    expect(res.status).toBe(200);
    expect((await rowsOf(email))[0]!.routed_to).toBe('sales-team@example.test');
    expect((await mailsTo('sales-team@example.test')).some((m) => m.text.includes(email))).toBe(true);

    const sk = unique();
    const skRes = await browser().call('POST', `http://${bindings.SK_HOST}${SUBMIT}`, contact(sk), { origin: `http://${bindings.SK_HOST}` });
    expect(skRes.status).toBe(200);
    expect((await rowsOf(sk))[0]).toMatchObject({ territory: 'sk', routed_to: 'podpora@zasilkovac.sk' });
  });

  it('answers the acknowledgement in the language of the form', async () => {
    const email = unique();
    const res = await browser().post(SUBMIT, contact(email, { name: 'John Smith' }), { language: 'en' });
    expect(res.status).toBe(200);
    expect((await rowsOf(email))[0]!.language).toBe('en');
    const [team, ack] = (await mailsAbout(email)) as [Mail, Mail];
    expect(team).toMatchObject({ template: 'contact_team', language: 'cs' });
    expect(team.text).toContain('Jazyk formuláře: en');
    expect(ack).toMatchObject({ template: 'contact_ack', language: 'en', subject: 'We have received your message' });
    expect(ack.text).toContain('within one working day');
    expect(ack.text).toContain('/en');
  });

  it('answers a filled honeypot and a too-fast submission like a success, keeping and sending nothing', async () => {
    const trap = unique();
    const trapped = await browser().post(SUBMIT, contact(trap, { website: 'https://spam.example' }));
    expect(trapped.status).toBe(200);
    expect(await dataOf(trapped)).toEqual({ ok: true });

    const fast = unique();
    const hurried = await browser().post(SUBMIT, contact(fast, { started_at: Date.now() - 500 }));
    expect(hurried.status).toBe(200);
    expect(await dataOf(hurried)).toEqual({ ok: true });

    // even with invalid fields: a bot learns nothing about them
    const junk = unique();
    expect((await browser().post(SUBMIT, contact(junk, { website: 'x', message: 'hi' }))).status).toBe(200);

    for (const email of [trap, fast, junk]) {
      expect(await rowsOf(email)).toEqual([]);
      expect(await mailsAbout(email)).toEqual([]);
    }
  });

  it('gives field errors in the §8 shape and stores nothing', async () => {
    const email = unique();
    const res = await browser().post(SUBMIT, contact(email, { email: 'jana@', message: 'krátká', tracking_number: 'OP1234567890' }));
    expect(res.status).toBe(400);
    const body = (await res.clone().json()) as ErrorJson;
    expect(body).toMatchObject({ type: 'FORM_VALIDATION_ERROR', status: 400 });
    expect(await codes(res)).toEqual({ email: 'validation.email', message: 'contact.error.messageShort', tracking_number: 'tracking.invalid_number_op' });

    const short = unique();
    expect(await codes(await browser().post(SUBMIT, contact(short, { message: '123456789' })))).toEqual({ message: 'contact.error.messageShort' });
    expect(await codes(await browser().post(SUBMIT, offer(unique(), { company: ' ', monthly_parcels: '7', ico: '12345678' })))).toEqual({
      company: 'validation.required',
      monthly_parcels: 'contact.error.monthlyParcels',
      ico: 'validation.tin',
    });
    expect(await codes(await browser().post(SUBMIT, { ...contact(unique()), form: 'newsletter' }))).toEqual({ form: 'validation.invalid' });
    expect((await browser().call('POST', SUBMIT, undefined, { 'content-type': 'application/json' })).status).toBe(400);
    expect(await rowsOf(email)).toEqual([]);
    expect(await rowsOf(short)).toEqual([]);
  });

  it('is limited per address by the edge (the `write` class of anonymous unsafe calls)', async () => {
    const b = browser('192.0.2.77');
    const limited = { RATE_LIMIT_WRITES: bindings.RATE_LIMIT_WRITES };
    const statuses: number[] = [];
    // honeypot submissions: nothing stored, but they count like any other. The limiter counts in
    // fixed windows (10 per 10 s): 21 quick posts put 11 in one window even when they straddle its end
    for (let i = 0; i < 21; i++) statuses.push((await b.call('POST', SUBMIT, contact(unique(), { website: 'x' }), {}, limited)).status);
    expect(statuses).toContain(429);
    expect(statuses.indexOf(429)).toBeGreaterThan(0);
  });

  it('with TURNSTILE_SECRET set, refuses a submission without a captcha token', async () => {
    const email = unique();
    const res = await browser().call('POST', SUBMIT, contact(email), {}, { TURNSTILE_SECRET: 'test-secret' } as never);
    expect(res.status).toBe(400);
    expect(await codes(res)).toEqual({ captcha_token: 'contact.error.captcha' });
    expect(await rowsOf(email)).toEqual([]);
  });
});
