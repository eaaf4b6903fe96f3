import { contentLanguageOf } from '../../lib/language';
import { Hono, type Context } from 'hono';
import { isSpamSubmission, ContactSubmitSchema } from '../../lib/schemas/contact';
import { database } from '../db/client';
import { contactMessages } from '../db/schema';
import { captchaVerifier, type CaptchaVerifier } from '../contact/captcha';
import { contactMails } from '../contact/mails';
import { teamAddresses } from '../contact/routing';
import type { OriginEnv } from '../env';
import { badRequest, validationError } from '../http/errors';
import { parseWith } from '../http/validate';
import { pickLanguage } from '../services/countries';
import { parseTerritory } from '../services/quote-request';
import { clientAddress, deferIn } from './user';

const languageOf = (c: Context) => contentLanguageOf(pickLanguage(c.req.header('language'), c.req.header('accept-language')));

/** the body as JSON: malformed JSON is a 400, an empty body an empty object (then field errors) */
async function jsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  try {
    return text === '' ? {} : JSON.parse(text);
  } catch {
    throw badRequest('Malformed JSON body');
  }
}

/** the answer to a real submission and to one taken for spam alike, so a bot cannot tell them apart */
const accepted = (c: Context) => c.json({ data: { ok: true } });

/**
 * v1/contact (issue 11): the contact form and the business get-offer form.
 *
 * Spam: a filled honeypot (`website`) or a submission within 3 s of rendering answers like
 * a success and keeps and sends nothing; a captcha (Turnstile with TURNSTILE_SECRET, off
 * otherwise) is checked before anything is stored. Per-address limits are the edge's
 * `write` class (src/edge/rate-limit.ts: every unsafe /api call of a visitor who is not
 * signed in). A real message is stored routed to its topic's team, and two mails go out in
 * the background: the team's (Czech) and the sender's acknowledgement (their language).
 */
export function contactRouter(captcha: (env: OriginEnv['Bindings']) => CaptchaVerifier = captchaVerifier) {
  return new Hono<OriginEnv>().post('/submit', async (c) => {
    const body = await jsonBody(c);
    if (isSpamSubmission(body, Date.now())) return accepted(c);
    const input = parseWith(ContactSubmitSchema, body);
    const ip = clientAddress(c);
    if (!(await captcha(c.env).verify(input.captcha_token, ip))) {
      throw validationError([{ field: 'captcha_token', code: 'contact.error.captcha', message: 'Captcha verification failed' }]);
    }
    const territory = parseTerritory(c.req.header('x-territory'));
    const language = languageOf(c);
    const routedTo = teamAddresses(c.env, territory)[input.type];
    await database(c.env.DB)
      .insert(contactMessages)
      .values({
        form: input.form,
        topic: input.type,
        name: input.name,
        email: input.email,
        phone: input.phone || null,
        company: input.company || null,
        ico: input.form === 'offer' ? input.ico || null : null,
        monthlyParcels: input.form === 'offer' ? input.monthly_parcels : null,
        trackingNumber: input.form === 'contact' ? input.tracking_number || null : null,
        message: input.message,
        language,
        territory,
        ip: ip === 'unknown' ? null : ip,
        routedTo,
      });
    deferIn(c)(contactMails(c.env, { ...input, language, territory, routedTo }, new Date()), 'contact form mails');
    return accepted(c);
  });
}

export const contactApi = contactRouter();
