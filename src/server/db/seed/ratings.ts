import { upsert } from './sql';

type RatingSeed = [author: string, score: number, comment: string, createdAt: string, carrier: string | null, country: string | null];

/** Customer reviews (fixed ids 1..n so reseeding updates rather than duplicates them). */
export const RATINGS: RatingSeed[] = [
  ['Jana Nováková', 5, 'Objednávka za pár minut, kurýr přijel druhý den ráno. Určitě využiju znovu.', '2025-01-14T09:12:00Z', 'ppl', 'cz'],
  ['Petr Král', 4.5, 'Balík do Německa dorazil za dva dny. Jen bych uvítal SMS o vyzvednutí.', '2025-01-29T16:40:00Z', 'dpd', 'de'],
  ['Martina Horáková', 5, 'Nejlevnější cena na Slovensko, kterou jsem našla. Vše proběhlo hladce.', '2025-02-08T11:05:00Z', 'gls', 'sk'],
  ['Tomáš Veselý', 3.5, 'Kurýr přijel o den později, než bylo domluveno, ale balík byl v pořádku.', '2025-02-19T13:22:00Z', 'dpd', 'cz'],
  ['Lucie Dvořáková', 5, 'Posílala jsem dárek do Londýna, celní papíry mi pomohla vyplnit podpora. Super!', '2025-03-03T18:47:00Z', 'ups', 'gb'],
  ['Jakub Procházka', 4, 'Srovnání cen je přehledné, jen platba kartou trvala déle.', '2025-03-17T08:31:00Z', 'balikovna', 'cz'],
  ['Eva Černá', 5, 'Paletu s nábytkem odvezli bez problémů, řidič byl velmi ochotný.', '2025-04-02T10:15:00Z', 'toptrans', 'cz'],
  ['Michal Pokorný', 2, 'Zásilka se na týden zasekla v depu a informace jsem musel dohledávat sám.', '2025-04-11T19:58:00Z', 'gls', 'at'],
  ['Kateřina Marková', 4.5, 'Do Polska za rozumnou cenu, doručeno za tři dny.', '2025-04-28T14:03:00Z', 'dpd', 'pl'],
  ['Ondřej Beneš', 5, 'Kurýr na přesný čas je skvělá věc, dokumenty byly u klienta do hodiny.', '2025-05-06T12:44:00Z', 'liftago', 'cz'],
  ['Veronika Fialová', 4, 'Vše v pořádku, štítek se vytiskl hned po zaplacení.', '2025-05-21T07:59:00Z', 'ppl', 'cz'],
  ['Lukáš Sedláček', 5, 'Posílám přes vás pravidelně na e-shop, ceny jsou výrazně lepší než přímo u dopravce.', '2025-06-04T15:26:00Z', 'wedo', 'cz'],
  ['Tereza Doležalová', 3, 'Doručení do USA trvalo déle, než sliboval odhad. Jinak bez potíží.', '2025-06-16T20:10:00Z', 'fedex', 'us'],
  ['David Zeman', 4.5, 'Rychlé, jednoduché, levné. Oceňuji výběr výdejního místa na mapě.', '2025-07-01T09:37:00Z', 'balikovna', 'cz'],
  ['Adéla Kolářová', 5, 'Balík do Maďarska byl druhý den na místě. Paráda.', '2025-07-14T11:48:00Z', 'gls', 'hu'],
  ['Jiří Navrátil', 1.5, 'Krabice dorazila promáčklá a reklamace se táhne už měsíc.', '2025-07-30T17:05:00Z', 'ppl', 'sk'],
  ['Barbora Čermáková', 4.5, 'Moc příjemná zákaznická podpora, vše mi vysvětlili po telefonu.', '2025-08-12T10:20:00Z', 'dpd', 'at'],
  ['Filip Vaněk', 5, 'Poprvé jsem posílal do Francie a bylo to jednodušší, než jsem čekal.', '2025-08-25T13:55:00Z', 'ups', 'fr'],
  ['Klára Blažková', 4, 'Dobrá cena za pneumatiky, jen bych ocenila přesnější časové okno svozu.', '2025-09-03T08:12:00Z', 'gls', 'cz'],
  ['Radek Kříž', 5, 'Z Ostravy do Bratislavy za jeden den. Nemám co vytknout.', '2025-09-15T16:33:00Z', 'dpd', 'sk'],
  ['Simona Holubová', 3.5, 'Objednávka fungovala, ale formulář pro celní údaje je trochu nepřehledný.', '2025-09-27T19:41:00Z', 'fedex', 'ch'],
  ['Martin Šťastný', 5, 'Už třetí rok posílám zboží zákazníkům jen přes vás. Spolehlivé.', '2025-10-06T07:48:00Z', 'ppl', 'cz'],
  ['Hana Vlčková', 4.5, 'Balík pro vnučku do Itálie dorazil včas k narozeninám.', '2025-10-19T12:02:00Z', 'dpd', 'it'],
  ['Pavel Moravec', 2.5, 'Svoz se nepodařilo domluvit na první pokus, musel jsem termín měnit.', '2025-10-30T15:17:00Z', 'toptrans', 'cz'],
  ['Nikola Bartošová', 5, 'Výdejní box hned vedle domu, zaplaceno za minutu. Doporučuji.', '2025-11-10T18:29:00Z', 'wedo', 'cz'],
  ['Vojtěch Urban', 4, 'Do Nizozemska za skvělou cenu, doručení trvalo čtyři dny.', '2025-11-24T09:03:00Z', 'gls', 'nl'],
  ['Zuzana Kučerová', 5, 'Vánoční balíky dorazily všechny ještě před Štědrým dnem. Děkuji!', '2025-12-19T14:50:00Z', 'balikovna', 'cz'],
  ['Roman Jelínek', 4.5, 'Přehledné srovnání dopravců, vybral jsem nejlevnější a nelitoval.', '2026-01-08T11:11:00Z', 'dpd', 'de'],
  ['Monika Růžičková', 3, 'Kurýr nezvonil a nechal lístek, druhý pokus už ale proběhl v pořádku.', '2026-01-22T17:36:00Z', 'ppl', 'cz'],
  ['Aleš Kopecký', 5, 'Poslal jsem kolo do Rakouska v krabici, vše dorazilo celé a rychle.', '2026-02-05T10:44:00Z', 'dpd', 'at'],
  ['Ivana Šimková', 4.5, 'Jednoduché i pro mě jako důchodkyni. Vnuk mi jen pomohl s tiskem štítku.', '2026-02-18T13:27:00Z', 'balikovna', 'cz'],
  ['Stanislav Dušek', 5, 'Firemní zásilky do Polska a Maďarska vyřizuji během pár minut.', '2026-03-04T08:05:00Z', 'gls', 'pl'],
  ['Gabriela Matoušková', 4, 'Balík do Španělska doručen za pět dní, cena odpovídala.', '2026-03-20T16:58:00Z', 'ups', 'es'],
  ['Josef Hájek', 1, 'Zásilka se ztratila a dodnes ji dohledáváme. Velké zklamání.', '2026-04-07T19:14:00Z', 'fedex', 'us'],
  ['Alena Musilová', 5, 'Poprvé přes srovnávač a hned spokojenost. Ušetřila jsem skoro stovku.', '2026-04-23T12:39:00Z', 'wedo', 'cz'],
  ['Daniel Šindelář', 4.5, 'Expresní doručení do Londýna druhý den, celní odbavení bez komplikací.', '2026-05-11T09:21:00Z', 'ups', 'gb'],
  ['Renata Pospíšilová', 5, 'Kurýr přijel přesně v čas, který jsem si vybrala. Skvělá služba.', '2026-06-02T15:06:00Z', 'liftago', 'cz'],
  ['Marek Tichý', 4, 'Spolehlivé, jen by se hodilo ukládat víc adres do adresáře.', '2026-07-15T10:52:00Z', 'ppl', 'sk'],
  ['Lenka Staňková', 5, 'Stěhovali jsme dceru do Vídně, palety dorazily bez jediného škrábnutí.', '2026-08-28T14:18:00Z', 'toptrans', 'at'],
  ['Vladimír Kratochvíl', 4.5, 'Rychlé vyřízení i platba převodem přes QR kód. Palec nahoru.', '2026-10-12T11:30:00Z', null, null],
];

export const ratingSeedStatements = (): string[] =>
  RATINGS.map(([author, score, comment, created_at, carrier, country], i) =>
    upsert('ratings', 'id', { id: i + 1, author, score, comment, created_at, carrier, country }),
  );
