import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ContactSubmitSchema, isSpamSubmission, MIN_FILL_MS } from '../../src/lib/schemas/contact';
import { isWithinWorkingHours } from '../../src/lib/working-hours';
import { captchaVerifier, noCaptcha, turnstileVerifier, TURNSTILE_VERIFY_URL } from '../../src/server/contact/captcha';
import { ackPhoneLine } from '../../src/server/contact/mails';
import { teamAddresses } from '../../src/server/contact/routing';

const errorsOf = (input: unknown): Record<string, string> => {
  const result = v.safeParse(ContactSubmitSchema, input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.issues) out[v.getDotPath(issue) ?? ''] ??= issue.message;
  return out;
};

const contact = (changes: Record<string, unknown> = {}) => ({
  form: 'contact',
  topic: 'customer_care',
  name: 'Jana Nováková',
  email: 'Jana@Example.cz',
  message: 'Kde je moje zásilka, prosím?',
  website: '',
  started_at: 1_700_000_000_000,
  ...changes,
});

const offer = (changes: Record<string, unknown> = {}) => ({
  form: 'offer',
  name: 'Petr Obchodník',
  email: 'petr@firma.cz',
  company: 'Firma s.r.o.',
  ico: '27082440',
  monthly_parcels: '201-1000',
  message: 'Posíláme zhruba 500 balíků měsíčně.',
  website: '',
  started_at: 1_700_000_000_000,
  ...changes,
});

describe('ContactSubmitSchema', () => {
  it('accepts a contact message and normalizes it', () => {
    const out = v.parse(ContactSubmitSchema, contact({ name: '  Jana   Nováková ', phone: '777 123 456', tracking_number: ' iz1234567890 ' }));
    expect(out).toMatchObject({ form: 'contact', type: 'customer_care', name: 'Jana Nováková', email: 'jana@example.cz', phone: '777 123 456', tracking_number: 'IZ1234567890', company: '' });
    // a line break in the name is refused, not folded (it would become a mail header line)
    expect(errorsOf(contact({ name: 'Jana \n Nováková' }))).toEqual({ name: 'validation.single_line' });
  });

  it('accepts an offer request, always for sales, and drops fields of the other form', () => {
    const out = v.parse(ContactSubmitSchema, offer({ tracking_number: 'IZ1234567890', ico: '270 82 440' }));
    expect(out).toMatchObject({ form: 'offer', type: 'sales', company: 'Firma s.r.o.', ico: '27082440', monthly_parcels: '201-1000' });
    expect(out).not.toHaveProperty('tracking_number');
    expect(errorsOf(offer({ topic: 'customer_care' }))).toEqual({ type: 'validation.invalid' });
    expect(errorsOf(offer({ type: 'customer_care' }))).toEqual({ type: 'validation.invalid' });
  });

  it('names the field of each error with a translation id', () => {
    expect(errorsOf(contact({ email: 'not-an-email', message: 'short', topic: '', name: ' ' }))).toEqual({
      email: 'validation.email',
      message: 'contact.error.messageShort',
      type: 'contact.error.topic',
      name: 'validation.required',
    });
    expect(errorsOf(contact({ message: 'x'.repeat(5001) }))).toEqual({ message: 'validation.too_long' });
    expect(errorsOf(contact({ message: 'x'.repeat(5000) }))).toEqual({});
    expect(errorsOf(contact({ phone: '12' }))).toEqual({ phone: 'validation.phone' });
    expect(errorsOf(contact({ tracking_number: 'OP1234567890' }))).toEqual({ tracking_number: 'tracking.invalid_number_op' });
    expect(errorsOf(contact({ tracking_number: 'IZ12' }))).toEqual({ tracking_number: 'tracking.invalid_number' });
    expect(errorsOf(contact({ started_at: undefined }))).toEqual({ started_at: 'validation.required' });
    expect(errorsOf(offer({ company: '', monthly_parcels: '5', ico: '12345678' }))).toEqual({
      company: 'validation.required',
      monthly_parcels: 'contact.error.monthlyParcels',
      ico: 'validation.tin',
    });
  });

  it('refuses an unknown form and arrays', () => {
    expect(errorsOf(contact({ form: 'other' }))).toEqual({ form: 'validation.invalid' });
    expect(v.safeParse(ContactSubmitSchema, [contact()]).success).toBe(false);
  });
});

describe('isSpamSubmission', () => {
  const now = 1_700_000_100_000;
  it('is a filled honeypot or a submission within 3 s', () => {
    expect(isSpamSubmission(contact({ started_at: now - 60_000 }), now)).toBe(false);
    expect(isSpamSubmission(contact({ started_at: now - 60_000, website: 'http://spam.example' }), now)).toBe(true);
    expect(isSpamSubmission(contact({ started_at: now - 60_000, website: 1 }), now)).toBe(true);
    expect(isSpamSubmission(contact({ started_at: now - MIN_FILL_MS + 1 }), now)).toBe(true);
    expect(isSpamSubmission(contact({ started_at: now - MIN_FILL_MS }), now)).toBe(false);
  });
  it('lets a clock running ahead and bodies that are no objects through (the schema judges them)', () => {
    expect(isSpamSubmission(contact({ started_at: now + 60_000 }), now)).toBe(false);
    expect(isSpamSubmission(null, now)).toBe(false);
    expect(isSpamSubmission([], now)).toBe(false);
  });
});

describe('isWithinWorkingHours (Mon–Fri 08:00–17:00 Europe/Prague)', () => {
  it('follows Prague time in winter and summer', () => {
    expect(isWithinWorkingHours(new Date('2026-11-23T06:59:59Z'))).toBe(false); // Mon 07:59:59 CET
    expect(isWithinWorkingHours(new Date('2026-11-23T07:00:00Z'))).toBe(true); // Mon 08:00 CET
    expect(isWithinWorkingHours(new Date('2026-11-23T15:59:59Z'))).toBe(true); // Mon 16:59:59 CET
    expect(isWithinWorkingHours(new Date('2026-11-23T16:00:00Z'))).toBe(false); // Mon 17:00 CET
    expect(isWithinWorkingHours(new Date('2026-07-10T06:00:00Z'))).toBe(true); // Fri 08:00 CEST
    expect(isWithinWorkingHours(new Date('2026-07-10T05:59:00Z'))).toBe(false); // Fri 07:59 CEST
    expect(isWithinWorkingHours(new Date('2026-07-10T15:00:00Z'))).toBe(false); // Fri 17:00 CEST
  });
  it('is closed at weekends, also where UTC is still Friday', () => {
    expect(isWithinWorkingHours(new Date('2026-11-21T10:00:00Z'))).toBe(false); // Sat
    expect(isWithinWorkingHours(new Date('2026-11-22T10:00:00Z'))).toBe(false); // Sun
    expect(isWithinWorkingHours(new Date('2026-11-22T23:30:00Z'))).toBe(false); // Mon 00:30 CET, Sun in UTC
    expect(isWithinWorkingHours(new Date(Number.NaN))).toBe(false);
  });
});

describe('contact routing, captcha and the acknowledgement phone line', () => {
  it('routes topics to the configured addresses, customer care per territory by default', () => {
    expect(teamAddresses({}, 'cz')).toEqual({ customer_care: 'podpora@zasilkovac.cz', pr_marketing: 'pr@zasilkovac.cz', sales: 'obchod@zasilkovac.cz', other: 'podpora@zasilkovac.cz' });
    expect(teamAddresses({}, 'sk').customer_care).toBe('podpora@zasilkovac.sk');
    expect(teamAddresses({ CONTACT_CARE_EMAIL: 'care@x.test', CONTACT_PR_EMAIL: 'pr@x.test', CONTACT_SALES_EMAIL: 'sales@x.test' }, 'sk')).toEqual({
      customer_care: 'care@x.test',
      pr_marketing: 'pr@x.test',
      sales: 'sales@x.test',
      other: 'care@x.test',
    });
  });

  it('checks Turnstile tokens with siteverify only when a secret is set', async () => {
    expect(captchaVerifier({})).toBe(noCaptcha);
    expect(await noCaptcha.verify(undefined, null)).toBe(true);
    const calls: { url: string; body: FormData }[] = [];
    const answer = (success: boolean, status = 200) =>
      (async (url: string, init: RequestInit) => {
        calls.push({ url, body: init.body as FormData });
        return new Response(JSON.stringify({ success }), { status });
      }) as unknown as typeof fetch;
    expect(await turnstileVerifier('s3cret', answer(true)).verify('tok', '203.0.113.9')).toBe(true);
    expect(calls[0]!.url).toBe(TURNSTILE_VERIFY_URL);
    expect([calls[0]!.body.get('secret'), calls[0]!.body.get('response'), calls[0]!.body.get('remoteip')]).toEqual(['s3cret', 'tok', '203.0.113.9']);
    expect(await turnstileVerifier('s3cret', answer(false)).verify('tok', null)).toBe(false);
    expect(await turnstileVerifier('s3cret', answer(true, 500)).verify('tok', null)).toBe(false);
    expect(await turnstileVerifier('s3cret', answer(true)).verify(undefined, null)).toBe(false);
    const failing = (async () => {
      throw new Error('offline');
    }) as unknown as typeof fetch;
    const warn = console.warn;
    console.warn = () => {};
    try {
      expect(await turnstileVerifier('s3cret', failing).verify('tok', null)).toBe(false);
    } finally {
      console.warn = warn;
    }
  });

  it('gives the phone number while the line is open, else says it is closed', () => {
    const monday = new Date('2026-11-23T09:00:00Z'); // 10:00 in Prague
    const evening = new Date('2026-11-23T18:00:00Z');
    expect(ackPhoneLine('cs', 'cz', monday)).toContain('+420 228 882 288');
    expect(ackPhoneLine('en', 'sk', monday)).toContain('+421 233 056 288');
    expect(ackPhoneLine('cs', 'cz', evening)).toMatch(/zavřená/);
    expect(ackPhoneLine('en', 'cz', evening)).toMatch(/closed now/);
  });
});
