import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillCustomsItem, hydrated, launch, visitor } from './browser';

/**
 * One language per page (issue 14): walks the main path (home → comparison → sender →
 * recipient → customs → summary → cart) in English and in Czech and checks that no English
 * screen shows a Czech text of the catalogues (and no Czech screen an English one), no
 * word with Czech diacritics outside the user's own data, and the page's own number, money
 * and date formats. The forbidden strings are built from the translation files, so a new
 * untranslated key is caught without touching this test.
 */

const root = path.resolve(import.meta.dirname, '../..');
type Catalogue = Record<string, string>;

/** every catalogue of a language: translations/<l>.json and translations/areas/<area>.<l>.json */
function catalogue(language: 'cs' | 'en'): Catalogue {
  const files = [path.join(root, `translations/${language}.json`)];
  const areas = path.join(root, 'translations/areas');
  for (const file of readdirSync(areas)) if (file.endsWith(`.${language}.json`)) files.push(path.join(areas, file));
  return Object.assign({}, ...files.map((file) => JSON.parse(readFileSync(file, 'utf8')) as Catalogue));
}

/** the literal parts of a message: ICU arguments, plurals and tags removed */
function literalParts(message: string): string[] {
  let text = message;
  // innermost {…} first, until no brace is left (plural branches hold nested ones)
  for (let i = 0; i < 5 && /[{}]/.test(text); i++) text = text.replace(/\{[^{}]*\}/g, '\n');
  return text
    .replace(/<[^>]*>/g, '\n')
    .split(/\n|[:;()„“"«»…·|]/)
    .map((part) => part.replace(/\s+/g, ' ').trim().replace(/^[-–,.!?\s]+|[-–,.!?\s]+$/g, ''))
    .filter(Boolean);
}

const CZECH_LETTERS = /[ěščřžýůťďňĚŠČŘŽÝŮŤĎŇ]|[áíé][a-zěščřžýáíéůúťďň]/;
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

/**
 * The distinctive texts of `own` that `other` never uses: messages whose translation
 * differs, split into literal parts of at least two words (or, for Czech, one long word
 * with Czech letters), and not found inside any message of the other language (brand
 * names, 'DPD Classic', 'Zásilkovač' are the same in both).
 */
function distinctive(own: Catalogue, other: Catalogue, czech: boolean): string[] {
  const otherText = Object.values(other).join('\n').toLowerCase();
  const found = new Set<string>();
  for (const [key, value] of Object.entries(own)) {
    if (typeof value !== 'string' || other[key] === undefined || other[key] === value) continue;
    for (const part of literalParts(value)) {
      const long = part.length >= 10 && (words(part) >= 2 || (czech && CZECH_LETTERS.test(part) && part.length >= 12));
      if (!long || otherText.includes(part.toLowerCase())) continue;
      found.add(part);
    }
  }
  return [...found];
}

const cs = catalogue('cs');
const en = catalogue('en');
const CZECH_TEXTS = distinctive(cs, en, true);
const ENGLISH_TEXTS = distinctive(en, cs, false);

/**
 * What the user typed or chose is data, not page text: addresses, parcel points, form
 * controls (their options: the country list is in the page language anyway and is
 * checked by name below), the header bar message (an editor's text in D1).
 */
const DATA = [
  'address',
  '.cfg-address-block',
  '.cfg-point-block',
  '.cfg-pp-selected',
  '.cfg-pp-list',
  '.cart-party strong',
  '.cart-item-points dd',
  'select',
  'option',
  'input',
  'textarea',
  '[data-testid=header-bar]',
  '.header-bar',
];

/** the visible text of the page: all of it (for formats), and without the user's data (for words) */
const pageText = (page: Page) =>
  page.evaluate((selectors) => {
    const text = (root: HTMLElement) => {
      for (const el of root.querySelectorAll('script, style, template, noscript, [hidden], .visually-hidden, select, option')) el.remove();
      // elements end words ('Kč' + 'Fuel surcharge' is not 'KčFuel')
      for (const el of root.querySelectorAll('*')) el.append(' ');
      return (root.textContent ?? '').replace(/\s+/g, ' ');
    };
    const all = text(document.body.cloneNode(true) as HTMLElement);
    const copy = document.body.cloneNode(true) as HTMLElement;
    for (const el of copy.querySelectorAll(selectors.join(','))) el.remove();
    return { all, words: text(copy) };
  }, DATA);
type Screen = { screen: string; all: string; words: string };

/** names we keep in Czech in every language: brands and the operator */
const CZECH_NAMES = /Zásilkovač|Balíkov\p{L}*|Zásilkovn\p{L}*|Česk\p{L}* pošt\p{L}*|Poříčí|Datová/gu;

type Problem = { screen: string; kind: string; text: string };

/** CZ and SK postcodes are shown '110 00' on every screen: five digits before a town are not */
const UNSPACED_POSTCODE = /\b\d{5} (Praha|Brno|Bratislava|Ostrava|Plzeň|Prague)\b/g;

function englishProblems({ screen, all, words: text }: Screen): Problem[] {
  const problems: Problem[] = [];
  for (const czech of CZECH_TEXTS) if (text.includes(czech)) problems.push({ screen, kind: 'Czech text', text: czech });
  const withoutNames = text.replace(CZECH_NAMES, '');
  for (const word of withoutNames.match(/\p{L}*[ěščřžýůťďňĚŠČŘŽÝŮŤĎŇ]\p{L}*/gu) ?? []) problems.push({ screen, kind: 'Czech word', text: word });
  for (const money of all.match(/\d+,\d{2}\s?(Kč|€|CZK|EUR)|\d\s?Kč/g) ?? []) problems.push({ screen, kind: 'Czech money', text: money });
  for (const day of all.match(/\b\d{1,2}\.\s?\d{1,2}\.\s?\d{4}\b|\b\d{1,2}\. \d{1,2}\./g) ?? []) problems.push({ screen, kind: 'Czech date', text: day });
  problems.push(...commonProblems({ screen, all, words: text }));
  if (/Czech Republic/.test(all)) problems.push({ screen, kind: 'country name', text: 'Czech Republic (we say Czechia)' });
  return problems;
}

/** both languages: no raw codes, countries by name, one postcode format */
function commonProblems({ screen, all }: Screen): Problem[] {
  const problems: Problem[] = [];
  for (const code of all.match(/\b(BALIKOVNA|WEDO|TOPTRANS_SK|DPD_SK)\b/g) ?? []) problems.push({ screen, kind: 'raw code', text: code });
  for (const code of all.match(/, (CZ|SK|US)\b(?! \d)/g) ?? []) problems.push({ screen, kind: 'country code', text: code });
  for (const zip of all.match(UNSPACED_POSTCODE) ?? []) problems.push({ screen, kind: 'postcode', text: zip });
  return problems;
}

function czechProblems({ screen, all, words: text }: Screen): Problem[] {
  const problems: Problem[] = [];
  for (const english of ENGLISH_TEXTS) if (text.includes(english)) problems.push({ screen, kind: 'English text', text: english });
  for (const money of all.match(/(CZK|EUR|€)\s?\d+\.\d{2}\b|\d+\.\d{2}\s?(Kč|€)/g) ?? []) problems.push({ screen, kind: 'English money', text: money });
  problems.push(...commonProblems({ screen, all, words: text }));
  return problems;
}

type Person = Record<'firstName' | 'lastName' | 'street' | 'city' | 'zip' | 'phoneNumber-number' | 'email', string>;
const SENDER: Person = { firstName: 'Jana', lastName: 'Nováková', street: 'Vinohradská 12', city: 'Praha', zip: '12000', 'phoneNumber-number': '777123456', email: 'jana@example.cz' };
const RECIPIENTS: Record<string, Person> = {
  cz: { firstName: 'Petr', lastName: 'Svoboda', street: 'Kounicova 5', city: 'Brno', zip: '60200', 'phoneNumber-number': '603987654', email: 'petr@example.cz' },
  us: { firstName: 'John', lastName: 'Smith', street: '350 5th Ave', city: 'New York', zip: '10118', 'phoneNumber-number': '2125550100', email: 'john@example.com' },
};

async function fill(page: Page, side: 'sender' | 'recipient', person: Person) {
  await page.waitForSelector(`#f-${side}-firstName`);
  for (const [field, value] of Object.entries(person)) await page.fill(`#f-${side}-${field}`, value);
}

async function pickParcelPoint(page: Page) {
  const picker = page.locator('[data-testid^=picker-]');
  if ((await picker.count()) === 0) return;
  const choose = picker.first().locator('li button').first();
  await choose.waitFor({ timeout: 10_000 });
  await choose.click();
}

async function next(page: Page, url: RegExp) {
  await page.click('[data-testid=step-submit]');
  await page.waitForURL(url, { timeout: 15_000 });
}

/**
 * Walks the path and collects each screen's text. `carrier` picks a carrier's first usable
 * offer (else the cheapest).
 */
async function walk(page: Page, language: 'cs' | 'en', to: 'cz' | 'us', carrier?: { code: string; service: string }): Promise<Screen[]> {
  const screens: Screen[] = [];
  const seen = async (screen: string) => screens.push({ screen: `${language} → ${to} ${screen}`, ...(await pageText(page)) });
  const en = language === 'en';
  await page.goto(en ? '/en' : '/');
  await hydrated(page);
  await seen('home');
  if (to !== 'cz') await page.selectOption('#qf-recipient-country', to);
  await page.fill('#qf-content-0-weight', '1');
  await page.click('[data-testid=quote-submit]');
  await page.waitForFunction(
    () => document.querySelector('[data-testid=comparison]')?.getAttribute('aria-busy') === 'false' && document.querySelectorAll('[data-testid=quote] [data-testid=price-vat]').length > 0,
  );
  await seen('comparison');
  const offer = carrier
    ? page.locator(`[data-carrier=${carrier.code}]`, { hasText: carrier.service }).locator('[data-testid=select-quote]')
    : page.locator('.quote-card.cheapest [data-testid=select-quote]');
  await offer.first().click();
  await page.waitForURL(en ? /\/en\/configurator\/sender$/ : /\/konfigurator\/odesilatel$/);
  await fill(page, 'sender', SENDER);
  await pickParcelPoint(page);
  await seen('sender');
  await next(page, en ? /\/en\/configurator\/recipients$/ : /\/konfigurator\/prijemce$/);
  await fill(page, 'recipient', RECIPIENTS[to]);
  await pickParcelPoint(page);
  await seen('recipient');
  if (to === 'us') {
    await next(page, en ? /\/en\/configurator\/customs$/ : /\/konfigurator\/celni-/);
    await fillCustomsItem(page);
    await seen('customs');
  }
  await next(page, en ? /\/en\/configurator\/summary$/ : /\/konfigurator\/shrnuti$/);
  await page.waitForSelector('[data-testid=price-breakdown] [data-testid=total-vat]');
  await seen('summary');
  await page.locator('[data-testid=add-to-cart]:not([disabled])').click();
  await page.waitForURL(en ? /\/en\/cart$/ : /\/kosik$/);
  await page.waitForSelector('[data-testid=cart-item]');
  await seen('cart');
  return screens;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

describe('one language per page on the main path', () => {
  it('builds enough forbidden strings from the catalogues to mean something', () => {
    expect(CZECH_TEXTS.length).toBeGreaterThan(300);
    expect(ENGLISH_TEXTS.length).toBeGreaterThan(300);
    // the findings are among them
    expect(CZECH_TEXTS).toEqual(expect.arrayContaining(['Podací místo', 'Výdejní místo', 'Datum vyzvednutí']));
  });

  it('English: CZ → US with customs, and CZ → CZ by courier, show no Czech text, word, number or date', async () => {
    const screens: Screen[] = [];
    // a fresh visitor each: the home form would start from the last draft
    // CZ → US: customs; CZ → CZ by DPD Classic: a courier pickup whose delivery the §4 rule limits to a pickup point
    for (const [to, carrier] of [['us', undefined], ['cz', { code: 'dpd', service: 'Classic' }]] as const) {
      const { context, page } = await visitor(browser, 'en-US');
      screens.push(...(await walk(page, 'en', to, carrier)));
      await context.close();
    }
    const problems = screens.flatMap(englishProblems);
    expect(problems).toEqual([]);
    // the English formats are really there
    const all = screens.map((s) => s.all).join(' ');
    expect(all).toMatch(/CZK\s\d[\d\s]*\.\d{2}/);
    expect(all).toMatch(/(Mon|Tue|Wed|Thu|Fri|Sat|Sun), (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}/);
    expect(all).toContain('Czechia');
    // DPD Classic says before it is chosen that the §4 rule sends it to a pickup point, and asks no drop-off point
    expect(all).toMatch(/Courier pickup: (Mon|Tue|Wed|Thu|Fri|Sat|Sun), /);
    expect(all).toContain('Delivery to a pickup point only');
    expect(screens.find((s) => s.screen === 'en → cz sender')?.all).not.toContain('Drop-off point');
  });

  it('Czech: CZ → CZ with parcel points shows no English text and Czech formats', async () => {
    const { context, page } = await visitor(browser, 'cs-CZ');
    const screens = await walk(page, 'cs', 'cz');
    const problems = screens.flatMap(czechProblems);
    expect(problems).toEqual([]);
    const all = screens.map((s) => s.all).join(' ');
    expect(all).toMatch(/\d,\d{2}\sKč/);
    expect(all).toMatch(/(po|út|st|čt|pá|so|ne) \d{2}\. \d{2}\./);
    // the summary names the countries
    expect(screens.find((s) => s.screen.endsWith('summary'))?.all).toContain('Praha, Česko');
    await context.close();
  });
});
