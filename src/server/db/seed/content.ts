import { upsert } from './sql';

/** Header bar rows (fixed ids so reseeding updates them); the popup content is trusted HTML authored by staff. */
export const HEADER_BARS = [
  {
    id: 1,
    territory: 'cz',
    message_cs: 'Vánoce se blíží: balíky po Česku odešlete nejpozději v pondělí 21. 12., do zahraničí do 14. 12.',
    message_en: 'Christmas is coming: send parcels within Czechia by Monday 21 December and abroad by 14 December.',
    popup_content_cs:
      '<p>Aby dárky dorazily pod stromeček, odešlete je včas. Poslední dny pro podání:</p>' +
      '<ul><li>PPL, DPD, GLS a One by Allegro po Česku: pondělí 21. 12.</li>' +
      '<li>Balíkovna po Česku: úterý 22. 12.</li>' +
      '<li>Slovensko: pátek 18. 12.</li>' +
      '<li>země EU: pondělí 14. 12.</li>' +
      '<li>mimo EU (UPS, FedEx): pondělí 7. 12.</li></ul>' +
      '<p>Mezi 24. 12. a 27. 12. dopravci nesvážejí. Zákaznická podpora je vám k dispozici i o svátcích e-mailem.</p>',
    popup_content_en:
      '<p>To get your gifts under the tree on time, send them early. Last days to hand over a parcel:</p>' +
      '<ul><li>PPL, DPD, GLS and One by Allegro within Czechia: Monday 21 December</li>' +
      '<li>Balíkovna within Czechia: Tuesday 22 December</li>' +
      '<li>Slovakia: Friday 18 December</li>' +
      '<li>EU countries: Monday 14 December</li>' +
      '<li>outside the EU (UPS, FedEx): Monday 7 December</li></ul>' +
      '<p>Carriers do not collect between 24 and 27 December. Customer care answers e-mails over the holidays too.</p>',
    button_text_cs: 'Rozumím',
    button_text_en: 'Got it',
    message_sk: 'Vianoce sa blížia: balíky po Česku pošlite najneskôr v pondelok 21. 12., do zahraničia do 14. 12.',
    popup_content_sk:
      '<p>Aby darčeky dorazili pod stromček, pošlite ich včas. Posledné dni na podanie:</p>' +
      '<ul><li>PPL, DPD, GLS a One by Allegro po Česku: pondelok 21. 12.</li>' +
      '<li>Balíkovna po Česku: utorok 22. 12.</li>' +
      '<li>Slovensko: piatok 18. 12.</li>' +
      '<li>krajiny EÚ: pondelok 14. 12.</li>' +
      '<li>mimo EÚ (UPS, FedEx): pondelok 7. 12.</li></ul>' +
      '<p>Od 24. 12. do 27. 12. prepravcovia nezvážajú. Zákaznícka podpora vám je k dispozícii e-mailom aj počas sviatkov.</p>',
    button_text_sk: 'Rozumiem',
    message_es: 'Se acerca la Navidad: envíe los paquetes dentro de Chequia a más tardar el lunes 21/12 y al extranjero el 14/12.',
    popup_content_es:
      '<p>Para que los regalos lleguen a tiempo, envíelos con antelación. Últimos días para entregar un paquete:</p>' +
      '<ul><li>PPL, DPD, GLS y One by Allegro dentro de Chequia: lunes 21/12</li>' +
      '<li>Balíkovna dentro de Chequia: martes 22/12</li>' +
      '<li>Eslovaquia: viernes 18/12</li>' +
      '<li>países de la UE: lunes 14/12</li>' +
      '<li>fuera de la UE (UPS, FedEx): lunes 7/12</li></ul>' +
      '<p>Del 24 al 27 de diciembre los transportistas no recogen. Atención al cliente responde a los correos también durante las fiestas.</p>',
    button_text_es: 'Entendido',
    instant: true,
    postpone_days: 3,
    active: true,
  },
  {
    id: 2,
    territory: 'sk',
    message_cs: 'Vánoční balíky po Slovensku odešlete nejpozději v pátek 18. 12., do Česka do 17. 12.',
    message_en: 'Send Christmas parcels within Slovakia by Friday 18 December and to Czechia by 17 December.',
    popup_content_cs:
      '<p>Poslední dny pro podání zásilek před Vánoci:</p>' +
      '<ul><li>po Slovensku (DPD, GLS, One by Allegro): pátek 18. 12.</li>' +
      '<li>do Česka: čtvrtek 17. 12.</li>' +
      '<li>země EU: pátek 11. 12.</li>' +
      '<li>mimo EU (UPS, FedEx): pátek 4. 12.</li></ul>' +
      '<p>Od 24. 12. do 27. 12. se zásilky nesvážejí ani nedoručují.</p>',
    popup_content_en:
      '<p>Last days to send parcels before Christmas:</p>' +
      '<ul><li>within Slovakia (DPD, GLS, One by Allegro): Friday 18 December</li>' +
      '<li>to Czechia: Thursday 17 December</li>' +
      '<li>EU countries: Friday 11 December</li>' +
      '<li>outside the EU (UPS, FedEx): Friday 4 December</li></ul>' +
      '<p>No collections or deliveries from 24 to 27 December.</p>',
    button_text_cs: 'Rozumím',
    button_text_en: 'Got it',
    message_sk: 'Vianočné balíky po Slovensku pošlite najneskôr v piatok 18. 12., do Česka do 17. 12.',
    popup_content_sk:
      '<p>Posledné dni na podanie zásielok pred Vianocami:</p>' +
      '<ul><li>po Slovensku (DPD, GLS, One by Allegro): piatok 18. 12.</li>' +
      '<li>do Česka: štvrtok 17. 12.</li>' +
      '<li>krajiny EÚ: piatok 11. 12.</li>' +
      '<li>mimo EÚ (UPS, FedEx): piatok 4. 12.</li></ul>' +
      '<p>Od 24. 12. do 27. 12. sa zásielky nezvážajú ani nedoručujú.</p>',
    button_text_sk: 'Rozumiem',
    message_es: 'Envíe los paquetes de Navidad dentro de Eslovaquia a más tardar el viernes 18/12 y a Chequia el 17/12.',
    popup_content_es:
      '<p>Últimos días para entregar paquetes antes de Navidad:</p>' +
      '<ul><li>dentro de Eslovaquia (DPD, GLS, One by Allegro): viernes 18/12</li>' +
      '<li>a Chequia: jueves 17/12</li>' +
      '<li>países de la UE: viernes 11/12</li>' +
      '<li>fuera de la UE (UPS, FedEx): viernes 4/12</li></ul>' +
      '<p>Del 24 al 27 de diciembre no se recogen ni se entregan envíos.</p>',
    button_text_es: 'Entendido',
    instant: true,
    postpone_days: 3,
    active: true,
  },
];

export const BENEFIT_STATS = {
  id: 1,
  happy_user_rating_current: 4.8,
  shipments_last_year_current: 1_250_000,
  users_current: 186_000,
  years_of_experience_current: 12,
};

/** CZK for one unit of each currency (ČNB fixing of the day, rounded). */
export const EXCHANGE_RATES = [
  { currency: 'EUR', rate_czk: 24.95, amount: 1, valid_on: '2026-11-20' },
  { currency: 'USD', rate_czk: 21.48, amount: 1, valid_on: '2026-11-20' },
  { currency: 'GBP', rate_czk: 28.37, amount: 1, valid_on: '2026-11-20' },
  { currency: 'PLN', rate_czk: 5.87, amount: 1, valid_on: '2026-11-20' },
  { currency: 'HUF', rate_czk: 0.0634, amount: 1, valid_on: '2026-11-20' },
  { currency: 'ZAR', rate_czk: 1.19, amount: 1, valid_on: '2026-11-20' },
];

export const contentSeedStatements = (): string[] => [
  ...HEADER_BARS.map((row) => upsert('header_bar', 'id', row)),
  upsert('benefit_stats', 'id', BENEFIT_STATS),
  ...EXCHANGE_RATES.map((row) => upsert('exchange_rates', 'currency', row)),
];
