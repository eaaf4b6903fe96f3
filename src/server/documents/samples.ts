import type { InvoiceData, LabelData } from './types';

/**
 * Sample documents (tests, previews, the sandbox): realistic Czech and Slovak data with
 * every diacritic the fonts must carry, and one label with every optional field at its
 * longest, to prove the layout holds.
 */

const RECIPIENTS = ['Jiří Řeháček', 'Zdeňka Šťovíčková', 'Ľubomír Ďurčanský', 'Tomáš Úředníček', 'Ŕudolf Päťko'];

export function sampleLabel(i = 0, overrides: Partial<LabelData> = {}): LabelData {
  return {
    trackingNumber: `IZ${String(1234567890 + i).padStart(10, '0')}`,
    carrier: { code: 'ppl', name: 'PPL' },
    serviceName: 'PPL Parcel CZ Private',
    sender: { name: 'Jan Šťastný', company: 'Eshop Šťastný & Žák s.r.o.', street: 'Řeřichová 15', city: 'Brno-střed', zip: '60200', country: 'CZ', phone: '+420777123456' },
    recipient: {
      name: RECIPIENTS[i % RECIPIENTS.length],
      street: 'Ďáblická 877/15, byt č. 3',
      city: 'Praha 8 – Kobylisy',
      zip: '18200',
      country: 'CZ',
      phone: '+420603987654',
      email: 'prijemce@example.cz',
    },
    cod: { amountMinor: 150000, currency: 'CZK' },
    weightKg: 1.25,
    packageIndex: (i % 2) + 1,
    packageCount: 2,
    pickupDate: '2026-11-24',
    orderNumber: 'OP2026000123',
    ...overrides,
  };
}

/** every optional field present and long: the layout's worst case */
export function fullestLabel(): LabelData {
  return sampleLabel(7, {
    serviceName: 'Balík Na poštu – doručení do výdejního místa s dobírkou a pojištěním',
    sender: {
      name: 'Bohumil Hrabal-Čtvrtníček',
      company: 'Velkoobchod s papírnickým zbožím Šťastný, Žák a spol. s r.o.',
      street: 'Nábřeží Kapitána Jaroše 1000/7, vchod z ulice Letohradská',
      city: 'Praha 7 – Holešovice',
      zip: '17000',
      country: 'CZ',
      phone: '+420777123456',
      email: 'expedice.velkoobchod@papirnictvi-stastny-zak.cz',
    },
    recipient: {
      name: 'Maximilián Ľudovít Šťastný-Ďurčanský',
      company: 'Stredoslovenská energetika – Distribúcia, a. s., závod Žilina',
      street: 'Ulica Republiky 1234/56, administratívna budova B, 3. poschodie, kancelária č. 312',
      city: 'Banská Bystrica – Radvaň',
      zip: '97401',
      country: 'SK',
      phone: '+421905123456',
      email: 'maximilian.durcansky@ssd-distribucia.example.sk',
    },
    parcelPoint: { id: 'Z-BOX 12345', name: 'Z-BOX Banská Bystrica, OC Europa – parkovisko pri vchode B', street: 'Na Troskách 25', city: 'Banská Bystrica', zip: '97401' },
    cod: { amountMinor: 12345678, currency: 'EUR' },
    weightKg: 31.5,
    packageIndex: 10,
    packageCount: 10,
    reference: 'Faktura 2026/11/000123-ZÁKAZNÍK-ŠŤASTNÝ',
  });
}

export function sampleInvoice(currency: 'CZK' | 'EUR' = 'CZK', overrides: Partial<InvoiceData> = {}): InvoiceData {
  const cz = currency === 'CZK';
  const rate = cz ? 21 : 23;
  return {
    number: '2026000123',
    variableSymbol: '2026000123',
    issuedOn: '2026-11-23',
    taxableOn: '2026-11-23',
    dueOn: '2026-12-07',
    currency,
    supplier: {
      name: 'Zásilkovač s.r.o.',
      street: 'Údolní 567/33',
      city: 'Brno',
      zip: '60200',
      country: 'CZ',
      ico: '26765799',
      dic: 'CZ26765799',
      iban: cz ? 'CZ6508000000192000145399' : 'SK6802000000001987426388',
      ...(cz ? { bankAccount: '19-2000145399/0800' } : {}),
    },
    customer: cz
      ? { name: 'Jiří Řeháček', company: 'Řeháček & syn, s.r.o.', street: 'Ďáblická 877/15', city: 'Praha 8', zip: '18200', country: 'CZ', ico: '27082440', dic: 'CZ27082440', email: 'jiri@rehacek.example.cz' }
      : { name: 'Ľubomír Ďurčanský', street: 'Hlavná 12', city: 'Košice', zip: '04001', country: 'SK', email: 'lubo@example.sk' },
    lines: [
      { description: 'Přeprava zásilky IZ1234567890 – PPL Parcel CZ Private, Brno → Praha (2 balíky)', quantity: 1, unitPriceMinor: 16446, vatRate: rate },
      { description: 'Dobírka – příplatek', quantity: 1, unitPriceMinor: 2479, vatRate: rate },
      { description: 'Připojištění zásilky do 50 000 Kč', quantity: 2, unitPriceMinor: 1235, vatRate: rate },
      { description: 'Ďábelsky žluťoučká obálka (kůň úpěl ódy)', quantity: 3, unitPriceMinor: 833, vatRate: rate },
      { description: 'Poštovné mimo EU – osvobozené plnění', quantity: 1, unitPriceMinor: 10000, vatRate: 0 },
    ],
    note: cz ? 'Děkujeme za objednávku. Fakturu uhraďte převodem na uvedený účet s variabilním symbolem.' : 'Ďakujeme za objednávku.',
    ...overrides,
  };
}
