import { upsert } from './sql';
import slovak from './news.sk.json';

/**
 * News and open positions (issue 13 item 6), fixed ids so reseeding updates them. Bodies are
 * Markdown; `route:<id>` links become our paths in the reader's language.
 */
export const NEWS = [
  {
    id: 1,
    token: 'vanocni-terminy-2026',
    published_on: '2026-11-16',
    title_cs: 'Vánoce 2026: do kdy poslat balík, aby dorazil pod stromeček',
    title_en: 'Christmas 2026: when to send parcels so they arrive in time',
    perex_cs: 'Poslední dny pro podání balíků po Česku, na Slovensko, do EU i mimo ni. Mezi 24. a 27. prosincem dopravci nesvážejí.',
    perex_en: 'The last days to send parcels within Czechia, to Slovakia, within the EU and beyond. Carriers do not collect between 24 and 27 December.',
    body_cs: `Před Vánoci posílají dopravci několikanásobně víc zásilek než jindy a doručení se může o den či dva protáhnout. Aby dárky dorazily včas, podejte je nejpozději v těchto dnech:

| Kam | Dopravci | Poslední den podání |
|---|---|---|
| po Česku | PPL, DPD, GLS, One by Allegro | pondělí 21. 12. |
| po Česku | Balíkovna | úterý 22. 12. |
| na Slovensko | všichni | pátek 18. 12. |
| do zemí EU | DPD, GLS, UPS, FedEx | pondělí 14. 12. |
| mimo EU | UPS, FedEx | pondělí 7. 12. |

Svoz kurýrem objednávejte s rezervou: v posledních dnech před svátky jsou svozová okna plná a objednávka zadaná po polední uzávěrce dopravce se sveze až další pracovní den. Kdo nechce na kurýra čekat, může balík odnést na [výdejní místo](route:drop-off-points) nebo do boxu.

Mezi 24. a 27. prosincem dopravci nesvážejí ani nedoručují. Od 28. prosince jezdí běžně, 31. prosince mohou mít výdejní místa zkrácenou otevírací dobu.

Zásilky do zemí mimo EU potřebují celní údaje; vyplňte je pečlivě, jakékoli doplňování na celnici doručení zdrží. Zákaznická péče vám o svátcích odpovídá e-mailem.`,
    body_en: `Before Christmas carriers handle several times more parcels than usual and delivery may take a day or two longer. For gifts to arrive in time, send them by these days at the latest:

| Where | Carriers | Last day to send |
|---|---|---|
| within Czechia | PPL, DPD, GLS, One by Allegro | Monday 21 December |
| within Czechia | Balíkovna | Tuesday 22 December |
| to Slovakia | all | Friday 18 December |
| EU countries | DPD, GLS, UPS, FedEx | Monday 14 December |
| outside the EU | UPS, FedEx | Monday 7 December |

Book courier pickups early: in the last days before the holidays the pickup windows fill up, and an order placed after the carrier's midday cut-off is collected on the next working day. If you would rather not wait for the courier, take the parcel to a [parcel point](route:drop-off-points) or locker.

Carriers neither collect nor deliver between 24 and 27 December. From 28 December they run as usual; on 31 December parcel points may close early.

Parcels to countries outside the EU need customs details; fill them in carefully, because anything customs has to ask for delays delivery. Customer care answers e-mails over the holidays.`,
  },
  {
    id: 2,
    token: 'novy-dopravce-one-by-allegro',
    published_on: '2026-10-05',
    title_cs: 'Nový dopravce: One by Allegro s boxy i doručením domů',
    title_en: 'New carrier: One by Allegro, with lockers and home delivery',
    perex_cs: 'Balíky nově pošlete i s One by Allegro: do výdejních boxů do 20 kg, nebo na adresu do 30 kg, po Česku i na Slovensko.',
    perex_en: 'You can now send parcels with One by Allegro: to lockers up to 20 kg or to an address up to 30 kg, within Czechia and to Slovakia.',
    body_cs: `Do srovnání přibyl dopravce One by Allegro (dříve WeDo). Nabízí dvě služby:

- **One by Allegro Box**: balík do 20 kg s nejdelší stranou do 64 cm odnesete do kteréhokoli boxu a příjemce si ho vyzvedne v boxu, který si vybere. Štítek není potřeba, stačí kód z e-mailu. Boxy jsou otevřené nonstop.
- **One by Allegro domů**: kurýr balík do 30 kg vyzvedne u vás a doručí na adresu příjemce.

Obě služby umějí dobírku a vozí po Česku, po Slovensku i mezi oběma zeměmi. Boxy najdete na [mapě výdejních míst](route:drop-off-points) a ceny v nabídce na úvodní stránce, jakmile zadáte trasu a hmotnost.

Dřívější adresa stránky dopravce WeDo nyní přesměruje na [stránku One by Allegro](route:carrier-one-by-allegro).`,
    body_en: `One by Allegro (formerly WeDo) has joined the comparison. It offers two services:

- **One by Allegro Box**: take a parcel of up to 20 kg with a longest side of up to 64 cm to any locker, and the recipient collects it from the locker of their choice. No label needed, the code from the e-mail is enough. Lockers are open around the clock.
- **One by Allegro to the door**: the courier collects a parcel of up to 30 kg from you and delivers it to the recipient's address.

Both services offer cash on delivery and run within Czechia, within Slovakia and between the two. Find the lockers on the [parcel points map](route:drop-off-points) and the prices in the offer on the home page once you enter the route and weight.

The old address of the WeDo carrier page now redirects to the [One by Allegro page](route:carrier-one-by-allegro).`,
  },
  {
    id: 3,
    token: 'nova-klientska-sekce',
    published_on: '2026-09-01',
    title_cs: 'Nová klientská sekce: přehlednější zásilky, faktury a adresář',
    title_en: 'A new client section: clearer shipments, invoices and address book',
    perex_cs: 'Přepracovali jsme klientskou sekci. Zásilky a objednávky najdete na jednom místě, faktury zaplatíte jedním kliknutím a adresář umí hledat.',
    perex_en: 'We have rebuilt the client section. Shipments and orders are in one place, invoices can be paid in one click and the address book can be searched.',
    body_cs: `Po přihlášení vás nově přivítá přehled s posledními zásilkami, stavem kreditu a neuhrazenými fakturami. Co je nového:

- **Zásilky a objednávky** na jednom místě, s filtrem podle stavu, dopravce a data a s detailem každé zásilky včetně historie sledování.
- **Adresář** s vyhledáváním; odesílatele a příjemce z objednávek do něj uložíte jedním kliknutím.
- **Faktury** ke stažení v PDF; neuhrazenou fakturu zaplatíte kartou, převodem nebo z kreditu.
- **Nastavení** účtu, fakturačních údajů a hesla na jedné stránce.

Firmám se smlouvou doporučujeme pro každodenní práci aplikaci [Manažer zásilek](route:business-shipment-manager) s hromadným tiskem štítků a plánováním svozů.

Původní verze klientské sekce zůstává dostupná: v Nastavení zvolte Správa verze. Zpětnou vazbu k nové sekci nám pošlete přes [kontaktní formulář](route:contact-form).`,
    body_en: `After signing in you are now greeted by an overview with your latest shipments, your credit balance and unpaid invoices. What is new:

- **Shipments and orders** in one place, filtered by status, carrier and date, with each shipment's detail including its tracking history.
- **Address book** with search; save the sender and recipient of an order in one click.
- **Invoices** as PDF downloads; pay an unpaid invoice by card, bank transfer or from credit.
- **Settings** for the account, billing details and password on one page.

For everyday work, businesses with a contract will find the [Shipment Manager](route:business-shipment-manager) app handier, with bulk label printing and pickup planning.

The previous version of the client section is still available: in Settings choose Manage version. Send us feedback on the new section through the [contact form](route:contact-form).`,
  },
  {
    id: 4,
    token: 'kuryr-na-presny-cas-v-brne',
    published_on: '2026-06-15',
    title_cs: 'Kurýr na přesný čas nově i v Brně',
    title_en: 'The same-day courier now also in Brno',
    perex_cs: 'Doručení ještě týž den ve dvouhodinovém okně, které si vyberete, nově funguje kromě Prahy i v rámci Brna.',
    perex_en: 'Same-day delivery in a two-hour window of your choice now works within Brno as well as Prague.',
    body_cs: `Kurýr na přesný čas (Liftago) vyzvedne balík a doručí ho ještě týž den, a to ve dvouhodinovém okně, které si při objednávce vyberete. Dosud jezdil po Praze, od dnešního dne i po Brně.

- Okna začínají mezi 8:00 a 18:00, objednat je třeba nejméně hodinu předem.
- Odeslat lze až pět balíků do 30 kg s nejdelší stranou do 120 cm.
- Štítek není potřeba.

Služba se nabídne sama, pokud odesílatel i příjemce jsou ve stejném městě. Hodí se pro dokumenty, dárky i zboží, které musí být u zákazníka ještě dnes.`,
    body_en: `The same-day courier (Liftago) collects a parcel and delivers it the same day, in a two-hour window you choose when ordering. It used to run in Prague; from today it also runs within Brno.

- Windows start between 8:00 and 18:00 and must be booked at least an hour ahead.
- Up to five parcels of up to 30 kg with a longest side of up to 120 cm.
- No label needed.

The service is offered automatically when the sender and the recipient are in the same city. It suits documents, gifts and goods a customer needs today.`,
  },
  {
    id: 5,
    token: 'qr-platba-a-okamzite-platby',
    published_on: '2026-03-02',
    title_cs: 'Platba převodem rychleji: QR Platba a okamžité platby',
    title_en: 'Faster bank transfers: QR payments and instant payments',
    perex_cs: 'Ke každé objednávce placené převodem nově dostanete QR kód. Okamžitou platbu spárujeme během několika minut a zásilku hned předáme dopravci.',
    perex_en: 'Every order paid by bank transfer now comes with a QR code. An instant payment is matched within minutes and the shipment goes to the carrier straight away.',
    body_cs: `Na stránce objednávky je nově QR kód ve formátu QR Platba. Načtete ho v mobilním bankovnictví a číslo účtu, částka i variabilní symbol se vyplní samy, takže se nespletete.

Pošlete-li platbu jako okamžitou, dorazí během několika sekund a objednávku zpracujeme do pár minut: objednáme svoz a pošleme štítek. Běžný převod mezi bankami dorazí obvykle týž nebo následující pracovní den.

Na slovenském webu funguje stejně kód PAY by square. Chcete-li zásilku odeslat okamžitě bez čekání na banku, zaplaťte kartou nebo z [kreditu](route:klient-kredit).`,
    body_en: `The order page now shows a QR payment code. Scan it in your banking app and the account number, amount and variable symbol fill in by themselves, so there is nothing to mistype.

Send it as an instant payment and it arrives within seconds; we process the order within minutes, booking the pickup and sending the label. An ordinary transfer between banks usually arrives the same or the next working day.

On the Slovak site a PAY by square code works the same way. To send a shipment at once without waiting for the bank, pay by card or from your [credit](route:klient-kredit).`,
  },
];

export const CAREERS = [
  {
    id: 1,
    position: 1,
    title_cs: 'Specialista / specialistka zákaznické péče',
    title_en: 'Customer care specialist',
    place_cs: 'Praha 1, Na Poříčí',
    place_en: 'Prague 1, Na Poříčí',
    type: 'full_time',
    published_on: '2026-11-02',
    perex_cs: 'Pomáhejte zákazníkům s objednávkami, zásilkami a reklamacemi po telefonu, e-mailem a v chatu.',
    perex_en: 'Help customers with orders, shipments and claims by phone, e-mail and chat.',
    body_cs: `## Co budete dělat

- odpovídat zákazníkům po telefonu, e-mailem a v chatu ve všední dny mezi 8:00 a 17:00,
- řešit s dopravci nepřevzaté svozy, zpožděné zásilky a žádosti o změnu,
- vést reklamace od přijetí po výplatu náhrady,
- upozorňovat tým produktu na to, co zákazníky trápí.

## Co očekáváme

- výbornou češtinu slovem i písmem, slovenštině rozumíte,
- klid a chuť věci dotáhnout, i když dopravce zrovna nespěchá,
- základní angličtinu pro komunikaci se zahraničními dopravci,
- zkušenost ze zákaznické podpory nebo logistiky je výhodou, ne podmínkou.

## Co nabízíme

- plný úvazek, pracovní smlouvu na dobu neurčitou,
- po zaučení dva dny v týdnu z domova,
- 25 dní dovolené, stravenkovou kartu a příspěvek na penzijní spoření,
- zaučení s kolegy, kteří zákaznickou péči dělají roky.

## Jak se přihlásit

Pošlete životopis a pár vět o sobě na kariera@zasilkovac.cz. Ozveme se každému do deseti pracovních dnů.`,
    body_en: `## What you will do

- answer customers by phone, e-mail and chat on weekdays between 8:00 and 17:00,
- sort out missed pickups, late parcels and change requests with the carriers,
- handle claims from receipt to payout,
- tell the product team what troubles our customers.

## What we expect

- excellent spoken and written Czech; you understand Slovak,
- calm and the will to see things through, even when a carrier is in no hurry,
- basic English for dealing with foreign carriers,
- experience in customer support or logistics is a plus, not a must.

## What we offer

- a full-time, permanent contract,
- two days a week from home once you have settled in,
- 25 days of holiday, meal vouchers and a pension contribution,
- training alongside colleagues with years in customer care.

## How to apply

Send your CV and a few lines about yourself to kariera@zasilkovac.cz. We reply to everyone within ten working days.`,
  },
  {
    id: 2,
    position: 2,
    title_cs: 'Vývojář / vývojářka TypeScript (React, Cloudflare Workers)',
    title_en: 'TypeScript developer (React, Cloudflare Workers)',
    place_cs: 'Brno nebo na dálku',
    place_en: 'Brno or remote',
    type: 'full_time',
    published_on: '2026-10-20',
    perex_cs: 'Rozvíjejte srovnávač a objednávkový systém, kterým projde přes milion zásilek ročně.',
    perex_en: 'Develop the comparison and ordering system that handles over a million parcels a year.',
    body_cs: `## Co budete dělat

- rozvíjet web a API v TypeScriptu: React server components, Hono a Cloudflare Workers s databází D1,
- napojovat nové dopravce a jejich služby, ceníky a sledování zásilek,
- psát testy, které odhalí chybu dřív než zákazník,
- podílet se na návrhu nových funkcí s produktem a zákaznickou péčí.

## Co očekáváme

- alespoň tři roky praxe s TypeScriptem nebo JavaScriptem na serveru i v prohlížeči,
- zkušenost s relačními databázemi a SQL,
- smysl pro čitelný kód a code review,
- češtinu nebo slovenštinu a angličtinu pro technickou dokumentaci.

## Co nabízíme

- plný úvazek, zaměstnanecky i na fakturu,
- práci z domova, nebo z kanceláře v Brně, jak vám to vyhovuje; tým se potkává jednou za měsíc,
- 25 dní dovolené, rozpočet na vzdělávání a konference,
- pracovní notebook dle vlastního výběru.

## Jak se přihlásit

Pošlete životopis nebo odkaz na GitHub či LinkedIn na kariera@zasilkovac.cz. Výběrové řízení má dvě kola: technický rozhovor a den s týmem.`,
    body_en: `## What you will do

- develop the website and API in TypeScript: React server components, Hono and Cloudflare Workers with the D1 database,
- connect new carriers and their services, rate sheets and tracking,
- write tests that find a bug before a customer does,
- help design new features with the product and customer care teams.

## What we expect

- at least three years of TypeScript or JavaScript on the server and in the browser,
- experience with relational databases and SQL,
- a feel for readable code and code review,
- Czech or Slovak, and English for technical documentation.

## What we offer

- full time, as an employee or a contractor,
- work from home or from the Brno office as you like; the team meets once a month,
- 25 days of holiday, a budget for training and conferences,
- a work laptop of your choice.

## How to apply

Send your CV or a link to your GitHub or LinkedIn to kariera@zasilkovac.cz. The process has two rounds: a technical interview and a day with the team.`,
  },
  {
    id: 3,
    position: 3,
    title_cs: 'Obchodník / obchodnice pro e-shopy',
    title_en: 'Account manager for e-shops',
    place_cs: 'Brno',
    place_en: 'Brno',
    type: 'full_time',
    published_on: '2026-09-14',
    perex_cs: 'Získávejte a provázejte e-shopy a firmy, které posílají pravidelně, od první nabídky po napojení e-shopu.',
    perex_en: 'Win and look after e-shops and businesses that ship regularly, from the first offer to connecting their shop.',
    body_cs: `## Co budete dělat

- připravovat nabídky firmám a e-shopům, které poptají smlouvu přes formulář nebo telefonem,
- vysvětlovat tarify Easy, Profi a Flexi a pomáhat s napojením e-shopu (Shoptet, WooCommerce, PrestaShop a další),
- starat se o stávající klienty a hlídat, aby jim doprava fungovala,
- spolupracovat se zákaznickou péčí a s dopravci.

## Co očekáváme

- praxi v B2B obchodu, ideálně v logistice nebo e-commerce,
- přehled o tom, jak funguje e-shop a jeho doprava,
- samostatnost a spolehlivost, řidičský průkaz skupiny B.

## Co nabízíme

- plný úvazek, fixní mzdu a měsíční provize,
- služební auto i k soukromým účelům, telefon a notebook,
- 25 dní dovolené a flexibilní začátek pracovní doby,
- kancelář v centru Brna a jeden den v týdnu z domova.

## Jak se přihlásit

Pošlete životopis na kariera@zasilkovac.cz a napište, s jakými e-shopy nebo obory máte zkušenost.`,
    body_en: `## What you will do

- prepare offers for businesses and e-shops asking for a contract through the form or by phone,
- explain the Easy, Profi and Flexi tiers and help connect e-shops (Shoptet, WooCommerce, PrestaShop and others),
- look after existing clients and make sure their shipping works,
- work with customer care and the carriers.

## What we expect

- experience in B2B sales, ideally in logistics or e-commerce,
- an understanding of how an e-shop and its shipping work,
- independence and reliability, a category B driving licence.

## What we offer

- full time, a fixed salary and monthly commission,
- a company car for private use too, a phone and a laptop,
- 25 days of holiday and flexible start times,
- an office in central Brno and one day a week from home.

## How to apply

Send your CV to kariera@zasilkovac.cz and tell us which e-shops or fields you have worked with.`,
  },
  {
    id: 4,
    position: 4,
    title_cs: 'Brigáda: zákaznická péče v předvánoční sezóně',
    title_en: 'Seasonal job: customer care before Christmas',
    place_cs: 'Praha nebo z domova',
    place_en: 'Prague or from home',
    type: 'part_time',
    published_on: '2026-11-09',
    perex_cs: 'Od 1. do 23. prosince pomozte kolegům odpovídat na e-maily zákazníků, dopoledne nebo odpoledne.',
    perex_en: 'From 1 to 23 December help the team answer customer e-mails, mornings or afternoons.',
    body_cs: `## Co budete dělat

- odpovídat na e-maily zákazníků o stavu zásilek, platbách a změnách doručení podle připravených postupů,
- předávat složitější případy stálému týmu.

## Co očekáváme

- bezchybnou češtinu v psaném projevu,
- alespoň čtyři hodiny denně ve všední dny v době od 8:00 do 17:00,
- vlastní počítač a stabilní připojení, pokud chcete pracovat z domova.

## Co nabízíme

- dohodu o provedení práce nebo o pracovní činnosti na 1. až 23. prosince,
- zaučení online během jednoho dne koncem listopadu,
- možnost pokračovat v zákaznické péči i po Vánocích.

## Jak se přihlásit

Napište na kariera@zasilkovac.cz, kolik hodin denně můžete pracovat a zda z domova, nebo v Praze.`,
    body_en: `## What you will do

- answer customer e-mails about parcel status, payments and delivery changes following prepared guides,
- pass harder cases on to the permanent team.

## What we expect

- flawless written Czech,
- at least four hours a day on weekdays between 8:00 and 17:00,
- your own computer and a stable connection if you want to work from home.

## What we offer

- a short-term agreement for 1 to 23 December,
- one day of online training at the end of November,
- the chance to stay on in customer care after Christmas.

## How to apply

Write to kariera@zasilkovac.cz saying how many hours a day you can work and whether from home or in Prague.`,
  },
];

type Texts = Record<string, Record<string, string>>;
/** the Slovak texts of the articles and positions that concern Slovak readers (issue 26); the others have none */
const sk = (texts: Texts, id: number, fields: readonly string[]) =>
  Object.fromEntries(fields.map((f) => [`${f}_sk`, texts[String(id)]?.[f] ?? null]));

export const newsSeedStatements = (): string[] => [
  ...NEWS.map((row) => upsert('news', 'id', { ...row, ...sk(slovak.news as Texts, row.id, ['title', 'perex', 'body']), active: true })),
  ...CAREERS.map((row) => upsert('careers', 'id', { ...row, ...sk(slovak.careers as Texts, row.id, ['title', 'place', 'perex', 'body']), active: true })),
];
