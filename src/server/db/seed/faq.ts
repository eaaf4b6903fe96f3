import { upsert } from './sql';
import slovak from './faq.sk.json';

/**
 * Frequently asked questions (issue 13 item 4), fixed ids so reseeding updates them. The
 * facts follow the carriers' sheets (src/server/carriers/<code>/rates.ts: limits, liability,
 * order deadlines), the quote rules (cash-on-delivery currencies) and the order, claim and
 * change-request services. Answers are Markdown; `route:<id>` links become our paths.
 */
export const FAQ_CATEGORIES = [
  { id: 1, position: 1, name_cs: 'Objednávka a ceny', name_en: 'Ordering and prices', description_cs: 'Jak objednat přepravu, jak se počítá cena a co v ní je.', description_en: 'How to order shipping, how the price is worked out and what it includes.' },
  { id: 2, position: 2, name_cs: 'Balení, hmotnost a rozměry', name_en: 'Packing, weight and size', description_cs: 'Jak balík zabalit a jaké limity hmotnosti a rozměrů mají jednotliví dopravci.', description_en: 'How to pack a parcel and the weight and size limits of each carrier.' },
  { id: 3, position: 3, name_cs: 'Svoz a podání', name_en: 'Pickup and drop-off', description_cs: 'Kdy přijede kurýr, jak podat balík na výdejním místě a jak je to se štítkem.', description_en: 'When the courier comes, how to drop a parcel off at a parcel point and what about the label.' },
  { id: 4, position: 4, name_cs: 'Doručení a sledování', name_en: 'Delivery and tracking', description_cs: 'Jak dlouho doručení trvá, jak zásilku sledovat a co když příjemce není doma.', description_en: 'How long delivery takes, how to track a parcel and what happens when nobody is home.' },
  { id: 5, position: 5, name_cs: 'Dobírka', name_en: 'Cash on delivery', description_cs: 'Kdo dobírku nabízí, v jaké měně a kdy vám peníze přijdou.', description_en: 'Who offers cash on delivery, in which currency, and when the money reaches you.' },
  { id: 6, position: 6, name_cs: 'Platby a faktury', name_en: 'Payments and invoices', description_cs: 'Platba převodem, kartou a z kreditu, faktury a vracení peněz.', description_en: 'Paying by bank transfer, card or account credit, invoices and refunds.' },
  { id: 7, position: 7, name_cs: 'Změny a zrušení zásilky', name_en: 'Changes and cancellation', description_cs: 'Jak zásilku zrušit (storno) a jak změnit adresu, kontakt, dobírku nebo datum doručení.', description_en: 'How to cancel a shipment and how to change the address, contact, cash on delivery or delivery date.' },
  { id: 8, position: 8, name_cs: 'Zahraničí, Slovensko a clo', name_en: 'Abroad, Slovakia and customs', description_cs: 'Zásilky na Slovensko, do EU i mimo ni, celní údaje a zakázané zboží.', description_en: 'Parcels to Slovakia, within the EU and beyond, customs details and prohibited goods.' },
  { id: 9, position: 9, name_cs: 'Pojištění a reklamace', name_en: 'Insurance and claims', description_cs: 'Za kolik je zásilka pojištěná, jak ji připojistit a jak a do kdy reklamovat.', description_en: 'What a parcel is insured for, how to add insurance, and how and by when to file a claim.' },
  { id: 10, position: 10, name_cs: 'Pro firmy a e-shopy', name_en: 'Businesses and e-shops', description_cs: 'Firemní účet, smlouva, měsíční fakturace, pravidelné svozy a napojení e-shopu.', description_en: 'Business accounts, contracts, monthly invoicing, regular pickups and connecting an e-shop.' },
];

type Question = { category: number; question_cs: string; question_en: string; answer_cs: string; answer_en: string };

const QUESTIONS: Question[] = [
  // 1 ordering and prices
  {
    category: 1,
    question_cs: 'Jak u vás pošlu balík?',
    question_en: 'How do I send a parcel with you?',
    answer_cs:
      'Na úvodní stránce zadejte, odkud a kam balík posíláte, a jeho hmotnost a rozměry. Srovnáme nabídky dopravců PPL, DPD, GLS, Balíkovna, One by Allegro, UPS, FedEx, TOPTRANS a Kurýra na přesný čas a vy vyberete tu, která vám vyhovuje cenou i termínem. Pak vyplníte odesílatele a příjemce, zaplatíte a podle služby buď vytisknete štítek a počkáte na kurýra, nebo balík odnesete na podací místo. Celý postup krok za krokem popisuje stránka [Jak poslat balík](route:how-to-send).',
    answer_en:
      'On the home page enter where the parcel goes from and to, its weight and its size. We compare the offers of PPL, DPD, GLS, Balíkovna, One by Allegro, UPS, FedEx, TOPTRANS and the same-day courier, and you pick the one whose price and timing suit you. Then you fill in the sender and the recipient, pay, and depending on the service either print the label and wait for the courier or take the parcel to a drop-off point. The page [How to send a parcel](route:how-to-send) walks through every step.',
  },
  {
    category: 1,
    question_cs: 'Proč je přeprava přes vás levnější než přímo u dopravce?',
    question_en: 'Why is shipping through you cheaper than going to the carrier directly?',
    answer_cs:
      'U dopravců posíláme přes milion zásilek ročně, a proto máme smluvní ceny, které jednotlivec na pobočce nedostane. Velkou část slevy předáváme vám. Cena v nabídce je konečná: obsahuje DPH, palivový příplatek i mýtné. Navíc platíte jen služby, které si sami přidáte (dobírka, připojištění).',
    answer_en:
      'We send more than a million parcels a year with the carriers, so we have contract rates that a single customer at a counter does not get, and we pass a large part of the discount on to you. The price in an offer is final: it includes VAT, the fuel surcharge and road toll. You pay extra only for services you add yourself (cash on delivery, extra insurance).',
  },
  {
    category: 1,
    question_cs: 'Musím se kvůli objednávce registrovat?',
    question_en: 'Do I need an account to order?',
    answer_cs:
      'Ne. Objednat můžete i bez účtu: stačí e-mail, na který pošleme potvrzení, štítek a odkaz na sledování. S účtem ale máte adresář odesílatelů a příjemců, přehled zásilek a faktur, platbu z kreditu a rychlé opakování objednávek. [Registrace](route:register) je zdarma.',
    answer_en:
      'No. You can order without an account: all we need is an e-mail address for the confirmation, the label and the tracking link. An account gives you an address book, an overview of your shipments and invoices, payment from account credit and quick repeat orders. [Creating an account](route:register) is free.',
  },
  {
    category: 1,
    question_cs: 'Počítá se cena podle hmotnosti, nebo podle rozměrů?',
    question_en: 'Is the price based on weight or on size?',
    answer_cs:
      'PPL, DPD, GLS, Balíkovna a One by Allegro počítají cenu po Česku a na Slovensko podle skutečné hmotnosti v pásmech (do 1 kg, 2 kg, 5 kg …), pokud balík nepřekročí rozměrové limity služby. UPS, FedEx, TOPTRANS a PPL Parcel Connect počítají i objemovou hmotnost: délka × šířka × výška v centimetrech děleno 5 000 (UPS, FedEx), 6 000 (PPL Parcel Connect) nebo 4 000 (TOPTRANS). Platí vyšší z obou hmotností. Proto zadávejte hmotnost a rozměry až po zabalení.',
    answer_en:
      'Within Czechia and Slovakia, PPL, DPD, GLS, Balíkovna and One by Allegro price by actual weight in bands (up to 1 kg, 2 kg, 5 kg …) as long as the parcel stays within the size limits of the service. UPS, FedEx, TOPTRANS and PPL Parcel Connect also use volumetric weight: length × width × height in centimetres divided by 5,000 (UPS, FedEx), 6,000 (PPL Parcel Connect) or 4,000 (TOPTRANS). The higher of the two weights counts, so enter weight and size after packing.',
  },
  {
    category: 1,
    question_cs: 'Kolik balíků můžu poslat v jedné objednávce?',
    question_en: 'How many parcels can I send in one order?',
    answer_cs:
      'Jedna zásilka může mít až 10 balíků se stejným odesílatelem i příjemcem (vícekusová zásilka). Do košíku můžete přidat až 100 zásilek k různým příjemcům a zaplatit je najednou jednou objednávkou. Některé služby výdejních míst berou jen jeden balík (PPL Parcel Smart, One by Allegro Box) nebo nejvýše pět (DPD Pickup, GLS ParcelShop); takové služby vám nabídka u vícekusové zásilky sama nenabídne.',
    answer_en:
      'One shipment can have up to 10 parcels with the same sender and recipient (a multi-parcel shipment). You can put up to 100 shipments to different recipients in the cart and pay for them at once in one order. Some parcel-point services take only one parcel (PPL Parcel Smart, One by Allegro Box) or at most five (DPD Pickup, GLS ParcelShop); the offer leaves them out for a larger shipment.',
  },
  // 2 packing, weight and size
  {
    category: 2,
    question_cs: 'Jak mám balík správně zabalit?',
    question_en: 'How should I pack my parcel?',
    answer_cs:
      'Použijte pevnou krabici odpovídající velikosti obsahu a volné místo vyplňte papírem nebo bublinkovou fólií tak, aby se při zatřesení nic nehýbalo. Krabici přelepte páskou do tvaru H, staré štítky a čárové kódy odstraňte. Balík se na třídicích linkách posouvá po pásech a skládá na sebe, musí tedy vydržet pád zhruba z 80 cm a tlak dalších balíků. Křehké věci dejte doprostřed s alespoň 5 cm výplně ze všech stran. Víc na stránce [Jak správně zabalit balík](route:packaging).',
    answer_en:
      'Use a sturdy box that fits the contents and fill the empty space with paper or bubble wrap so nothing moves when you shake it. Seal the box with tape in an H pattern and remove old labels and barcodes. Parcels ride on conveyor belts and get stacked in sorting centres, so the box must survive a drop of about 80 cm and the weight of other parcels. Put fragile items in the middle with at least 5 cm of padding on every side. More on [How to pack a parcel](route:packaging).',
  },
  {
    category: 2,
    question_cs: 'Jakou nejvyšší hmotnost může balík mít?',
    question_en: 'What is the maximum weight of a parcel?',
    answer_cs:
      'Záleží na dopravci a službě: Balíkovna 20 kg na výdejní místo a 30 kg do ruky; One by Allegro 20 kg do boxu a 30 kg na adresu; PPL a DPD 31,5 kg (na výdejní místo 20 kg); GLS 40 kg (do ParcelShopu 20 kg); FedEx 68 kg a UPS 70 kg za balík. Těžší kusy do 200 kg a palety do 1 000 kg vozí TOPTRANS. Nabídka vám ukáže jen služby, které danou hmotnost přijmou.',
    answer_en:
      'It depends on the carrier and service: Balíkovna 20 kg to a parcel point and 30 kg to an address; One by Allegro 20 kg to a locker and 30 kg to an address; PPL and DPD 31.5 kg (20 kg to a parcel point); GLS 40 kg (20 kg to a ParcelShop); FedEx 68 kg and UPS 70 kg per parcel. Heavier pieces up to 200 kg and pallets up to 1,000 kg go with TOPTRANS. The offer only shows services that accept your weight.',
  },
  {
    category: 2,
    question_cs: 'Jaké jsou maximální rozměry balíku?',
    question_en: 'What are the maximum parcel dimensions?',
    answer_cs:
      'Dopravci hlídají nejdelší stranu a obvod, tedy nejdelší stranu plus dvakrát každou z dalších dvou. Například DPD přijme nejdelší stranu 175 cm a obvod 300 cm, PPL a GLS 200 cm a 300 cm, Balíkovna na výdejní místo 120 cm, One by Allegro Box 64 cm a obvod 180 cm, UPS a FedEx 274 cm a TOPTRANS až 300 cm. Když zadáte rozměry, nabídka vyřadí služby, do kterých se balík nevejde.',
    answer_en:
      'Carriers check the longest side and the girth, that is the longest side plus twice each of the other two. For example DPD accepts a longest side of 175 cm and a girth of 300 cm, PPL and GLS 200 cm and 300 cm, Balíkovna to a parcel point 120 cm, One by Allegro Box 64 cm and a girth of 180 cm, UPS and FedEx 274 cm and TOPTRANS up to 300 cm. When you enter the size, the offer leaves out services the parcel does not fit.',
  },
  {
    category: 2,
    question_cs: 'Co se stane, když zadám nižší hmotnost nebo menší rozměry, než balík má?',
    question_en: 'What happens if I enter a lower weight or smaller size than the parcel has?',
    answer_cs:
      'Dopravci balíky na třídicích linkách automaticky váží a měří. Je-li balík těžší nebo větší, dopravce rozdíl doúčtuje podle svého ceníku a my vám ho pošleme k doplacení e-mailem s fakturou. Balík, který překročí limity zvolené služby, může dopravce odmítnout nebo vrátit odesílateli. Vyplatí se proto balík zvážit a změřit až zabalený.',
    answer_en:
      'Carriers weigh and measure parcels automatically in their sorting centres. If a parcel is heavier or larger, the carrier charges the difference under its price list and we send it to you for payment by e-mail with an invoice. A parcel over the limits of the chosen service may be refused or returned to the sender. It pays to weigh and measure the parcel once it is packed.',
  },
  {
    category: 2,
    question_cs: 'Můžu posílat pneumatiky?',
    question_en: 'Can I send tyres?',
    answer_cs:
      'Ano. Při zadání zvolte typ zásilky Pneumatika: vozí je DPD, PPL, GLS, Balíkovna (do ruky) a TOPTRANS. Každá pneumatika je samostatný balík se svým štítkem; pneumatiky s disky zabalte do fólie nebo kartonu, aby se štítek neodlepil. Návod s obrázky je na stránce [Jak zabalit pneumatiky](route:tyre-packaging).',
    answer_en:
      'Yes. Choose the shipment type Tyre when entering it: DPD, PPL, GLS, Balíkovna (to an address) and TOPTRANS carry tyres. Each tyre is a parcel of its own with its own label; wrap tyres on rims in film or cardboard so the label stays on. See [How to pack tyres](route:tyre-packaging).',
  },
  {
    category: 2,
    question_cs: 'Můžu poslat paletu nebo velký nadrozměrný kus?',
    question_en: 'Can I send a pallet or a large oversized item?',
    answer_cs:
      'Ano, přes TOPTRANS: služba Standard veze kusy do 200 kg s nejdelší stranou až 300 cm, služba Paleta palety do 1 000 kg. U palety zadejte typ Paleta, rozměry a hmotnost včetně palety. Zboží musí být na paletě pevně upevněné (stretch fólie, pásky) a nesmí přesahovat její půdorys. Svoz palety objednejte do 10:00, pokud má kurýr přijet týž den.',
    answer_en:
      'Yes, with TOPTRANS: its Standard service carries pieces up to 200 kg with a longest side of up to 300 cm, and its Pallet service pallets up to 1,000 kg. For a pallet choose the type Pallet and enter the size and weight including the pallet. The goods must be firmly fixed to it (stretch film, straps) and must not overhang it. Order the pickup by 10:00 for the truck to come the same day.',
  },
  // 3 pickup and drop-off
  {
    category: 3,
    question_cs: 'Jak funguje svoz kurýrem?',
    question_en: 'How does a courier pickup work?',
    answer_cs:
      'U služeb se svozem (PPL, DPD, GLS, UPS, FedEx, TOPTRANS a One by Allegro na adresu) zvolíte v objednávce den svozu. Kurýr v ten pracovní den přijede na adresu odesílatele v rámci svozového okna dopravce, obvykle mezi 8:00 a 16:00 (GLS, UPS a FedEx do 17:00). Přesnou hodinu předem nehlásí, mějte proto balík zabalený a se štítkem a na adrese někoho, kdo ho předá. Potřebujete-li konkrétní čas, zvolte Kurýra na přesný čas.',
    answer_en:
      'With pickup services (PPL, DPD, GLS, UPS, FedEx, TOPTRANS and One by Allegro to an address) you choose a pickup day in the order. On that working day the courier comes to the sender\'s address within the carrier\'s pickup window, usually between 8:00 and 16:00 (GLS, UPS and FedEx until 17:00). The exact hour is not announced in advance, so have the parcel packed and labelled and someone there to hand it over. If you need an exact time, choose the same-day courier.',
  },
  {
    category: 3,
    question_cs: 'Do kolika hodin musím objednat, aby kurýr přijel ještě dnes?',
    question_en: 'By what time must I order for the courier to come today?',
    answer_cs:
      'Svoz na tentýž pracovní den objednejte a zaplaťte u TOPTRANS do 10:00, u UPS do 11:00, u PPL, DPD a FedEx do 12:00 a u GLS do 13:00. Později zadanou objednávku dopravce sveze nejbližší další pracovní den. U služeb s podáním na výdejním místě se svoz neobjednává: balík odnesete, kdy se vám to hodí.',
    answer_en:
      'For a pickup on the same working day, order and pay by 10:00 for TOPTRANS, by 11:00 for UPS, by 12:00 for PPL, DPD and FedEx and by 13:00 for GLS. Orders placed later are picked up on the next working day. Drop-off services need no pickup: you take the parcel to the point when it suits you.',
  },
  {
    category: 3,
    question_cs: 'Musím štítek tisknout?',
    question_en: 'Do I have to print the label?',
    answer_cs:
      'U většiny služeb ano. Štítek ve formátu PDF (A6, nebo čtyři na listu A4) dostanete po zaplacení e-mailem a najdete ho i u objednávky; nalepte ho na největší stranu balíku tak, aby čárový kód nebyl přeložený přes hranu. Bez tiskárny se obejdete u Balíkovny a One by Allegro Box, kde na podacím místě stačí kód z e-mailu, a u Kurýra na přesný čas, který štítek nepotřebuje.',
    answer_en:
      'For most services, yes. The label comes as a PDF (A6, or four on an A4 sheet) by e-mail after payment and is also on the order page; stick it on the largest side of the parcel so the barcode does not fold over an edge. You need no printer with Balíkovna and One by Allegro Box, where the code from the e-mail is enough at the drop-off point, or with the same-day courier, who needs no label.',
  },
  {
    category: 3,
    question_cs: 'Jaký je rozdíl mezi svozem a podáním na výdejním místě?',
    question_en: 'What is the difference between a pickup and a drop-off?',
    answer_cs:
      'Při podání balík sami odnesete na výdejní místo nebo do boxu (Balíkovna, DPD Pickup, GLS ParcelShop, PPL Parcel Smart, One by Allegro Box), kdykoli v jeho otevírací době, často i večer a o víkendu. Tyto služby bývají levnější. Při svozu si balík vyzvedne kurýr u vás, což se hodí pro těžší a větší zásilky nebo víc balíků najednou. V nabídce je u každé služby uvedeno, o který způsob jde.',
    answer_en:
      'With a drop-off you take the parcel to a parcel point or locker yourself (Balíkovna, DPD Pickup, GLS ParcelShop, PPL Parcel Smart, One by Allegro Box) any time during its opening hours, often also in the evening and at weekends. These services tend to be cheaper. With a pickup the courier collects the parcel from you, which suits heavier and bigger shipments or several parcels at once. Each offer says which of the two it is.',
  },
  {
    category: 3,
    question_cs: 'Kde najdu nejbližší podací nebo výdejní místo?',
    question_en: 'Where is my nearest drop-off or parcel point?',
    answer_cs:
      'Na stránce [Výdejní místa](route:drop-off-points) vyhledáte místa Balíkovny, PPL, DPD, GLS, One by Allegro a Zásilkovny podle obce nebo PSČ a vyfiltrujete je podle dopravce a služeb, například platby kartou nebo bezbariérového přístupu. U každého místa je otevírací doba. Při objednávce služby na výdejní místo vybíráte místo pro příjemce přímo v průvodci.',
    answer_en:
      'On the [parcel points](route:drop-off-points) page you can search Balíkovna, PPL, DPD, GLS, One by Allegro and Zásilkovna points by town or postcode and filter them by carrier and services such as card payment or wheelchair access. Each point shows its opening hours. When you order a parcel-point service, you pick the recipient\'s point right in the order steps.',
  },
  {
    category: 3,
    question_cs: 'Kurýr pro balík nepřijel. Co mám dělat?',
    question_en: 'The courier did not come for my parcel. What should I do?',
    answer_cs:
      'Nejdřív se podívejte na stav zásilky ve [sledování zásilek](route:tracking). Pokud kurýr do konce svozového okna nepřijel, ozvěte se nám přes [kontaktní formulář](route:contact-form) nebo telefonem s číslem zásilky. Svoz u dopravce urgujeme, případně ho objednáme na další pracovní den bez příplatku. Když už balík posílat nechcete, zásilku můžete zrušit a peníze vrátíme.',
    answer_en:
      'First check the shipment in [tracking](route:tracking). If the courier did not come by the end of the pickup window, contact us through the [contact form](route:contact-form) or by phone with the tracking number. We chase the carrier or book the pickup for the next working day at no extra cost. If you no longer want to send the parcel, you can cancel the shipment and we refund it.',
  },
  // 4 delivery and tracking
  {
    category: 4,
    question_cs: 'Jak dlouho trvá doručení?',
    question_en: 'How long does delivery take?',
    answer_cs:
      'Po Česku a po Slovensku dopravci doručují obvykle následující pracovní den po převzetí, mezi Českem a Slovenskem za 1 až 2 pracovní dny. Do sousedních zemí EU to bývají 2 až 3 dny, do vzdálenější Evropy 3 až 5 dní a mimo Evropu 2 až 7 pracovních dní podle služby (expresní služby UPS a FedEx jsou nejrychlejší). Odhad doby doručení pro vaši trasu uvidíte u každé nabídky. Kurýr na přesný čas doručí po Praze nebo po Brně ještě týž den.',
    answer_en:
      'Within Czechia and within Slovakia carriers usually deliver on the working day after collection, and between Czechia and Slovakia in 1 to 2 working days. Neighbouring EU countries take 2 to 3 days, the rest of Europe 3 to 5 days and destinations outside Europe 2 to 7 working days depending on the service (UPS and FedEx express services are the fastest). Each offer shows the expected transit time for your route. The same-day courier delivers within Prague or within Brno on the same day.',
  },
  {
    category: 4,
    question_cs: 'Jak zjistím, kde je moje zásilka?',
    question_en: 'How do I find out where my parcel is?',
    answer_cs:
      'Číslo zásilky má 12 znaků a začíná písmeny IZ; najdete ho v potvrzovacím e-mailu, na štítku i u objednávky. Zadejte ho na stránce [Sledování zásilek](route:tracking) a uvidíte stav a historii pohybu zásilky u dopravce. Číslo začínající OP je číslo objednávky, ne zásilky: objednávka může obsahovat víc zásilek a každá má své číslo IZ. Přihlášení uživatelé vidí poslední zásilky i v menu sledování.',
    answer_en:
      'A tracking number has 12 characters and starts with IZ; it is in the confirmation e-mail, on the label and on the order page. Enter it on the [Tracking](route:tracking) page to see the status and the carrier\'s history of the parcel. A number starting with OP is an order number, not a tracking number: one order can contain several shipments, each with its own IZ number. Signed-in users also see their latest shipments in the tracking menu.',
  },
  {
    category: 4,
    question_cs: 'Příjemce nebyl doma. Co se s balíkem stane?',
    question_en: 'The recipient was not at home. What happens to the parcel?',
    answer_cs:
      'Podle dopravce kurýr zkusí doručit znovu další pracovní den, nebo balík uloží na nejbližším výdejním místě a příjemci pošle SMS či e-mail, kde a do kdy si ho může vyzvednout (obvykle 5 až 7 dní). Příjemce si u většiny dopravců může přes odkaz ve zprávě sám zvolit jiný den nebo výdejní místo. Nevyzvednutý balík se vrací odesílateli a dopravce za zpáteční cestu účtuje poplatek.',
    answer_en:
      'Depending on the carrier, the courier tries again on the next working day or leaves the parcel at the nearest parcel point and sends the recipient a text or e-mail saying where and until when to collect it (usually 5 to 7 days). With most carriers the recipient can choose another day or parcel point through the link in that message. An uncollected parcel goes back to the sender, and the carrier charges for the return.',
  },
  {
    category: 4,
    question_cs: 'Proč po mně chcete telefon a e-mail příjemce?',
    question_en: 'Why do you need the recipient\'s phone and e-mail?',
    answer_cs:
      'Dopravci podle nich příjemci předem oznámí den a časové okno doručení, pošlou kód pro vyzvednutí z výdejního místa nebo boxu a kurýr se mu může ozvat, když adresu nenajde. Bez platného kontaktu roste riziko, že se balík vrátí. Údaje předáváme jen dopravci, který zásilku veze, a jen pro její doručení.',
    answer_en:
      'Carriers use them to tell the recipient the delivery day and time window in advance, to send the code for collecting from a parcel point or locker, and so the courier can call when the address is hard to find. Without a working contact the parcel is more likely to come back. We pass these details only to the carrier of the shipment and only to deliver it.',
  },
  {
    category: 4,
    question_cs: 'Co je Kurýr na přesný čas?',
    question_en: 'What is the same-day courier?',
    answer_cs:
      'Kurýr na přesný čas (Liftago) vyzvedne a doručí balík ještě týž den v rámci Prahy nebo v rámci Brna ve dvouhodinovém okně, které si vyberete. Okna začínají mezi 8:00 a 18:00 a objednat je musíte nejméně hodinu předem; okna od 16:00 mají příplatek za špičku. Veze až pět balíků do 30 kg, štítek není potřeba a dobírku tato služba nenabízí.',
    answer_en:
      'The same-day courier (Liftago) collects and delivers the parcel the same day within Prague or within Brno in a two-hour window of your choice. Windows start between 8:00 and 18:00 and must be booked at least an hour ahead; windows from 16:00 carry a peak surcharge. It takes up to five parcels of up to 30 kg, needs no label and does not offer cash on delivery.',
  },
  // 5 cash on delivery
  {
    category: 5,
    question_cs: 'Co je dobírka a kteří dopravci ji nabízejí?',
    question_en: 'What is cash on delivery and which carriers offer it?',
    answer_cs:
      'U dobírky příjemce při převzetí zaplatí částku, kterou určíte, a my ji po vybrání pošleme na váš účet. Dobírku nabízejí PPL, DPD, GLS, Balíkovna, One by Allegro, TOPTRANS a UPS Standard. FedEx, UPS Express Saver a Kurýr na přesný čas dobírku nevozí. Příjemce platí hotově nebo kartou podle možností kurýra či výdejního místa. Víc na stránce [Balík na dobírku](route:cash-on-delivery).',
    answer_en:
      'With cash on delivery the recipient pays an amount you set when taking the parcel, and once it is collected we send it to your bank account. PPL, DPD, GLS, Balíkovna, One by Allegro, TOPTRANS and UPS Standard offer it; FedEx, UPS Express Saver and the same-day courier do not. The recipient pays in cash or by card, depending on the courier or parcel point. More on [Cash on delivery](route:cash-on-delivery).',
  },
  {
    category: 5,
    question_cs: 'Kam a v jaké měně můžu poslat dobírku?',
    question_en: 'Where can I send cash on delivery, and in which currency?',
    answer_cs:
      'Dobírku lze poslat po Česku, po Slovensku a mezi Českem a Slovenskem. Po Česku se vybírá v korunách, po Slovensku v eurech. Z Česka na Slovensko můžete zvolit koruny nebo eura, ze Slovenska do Česka eura nebo koruny. Do ostatních zemí dobírku nenabízíme.',
    answer_en:
      'Cash on delivery is available within Czechia, within Slovakia and between the two. Within Czechia it is collected in Czech koruna, within Slovakia in euro. From Czechia to Slovakia you can choose koruna or euro, from Slovakia to Czechia euro or koruna. We do not offer it to other countries.',
  },
  {
    category: 5,
    question_cs: 'Jak vysoká může dobírka být?',
    question_en: 'How high can the cash-on-delivery amount be?',
    answer_cs:
      'Nejvyšší částku určuje služba: PPL, DPD a GLS vyberou při doručení na adresu až 100 000 Kč a na výdejním místě až 50 000 Kč, Balíkovna 100 000 Kč, One by Allegro 50 000 Kč na adresu a 30 000 Kč v boxu, UPS Standard 150 000 Kč a TOPTRANS 200 000 Kč. V eurech platí přepočet podle aktuálního kurzu. Vyšší částku nabídka u služby označí a službu nenabídne.',
    answer_en:
      'The maximum depends on the service: PPL, DPD and GLS collect up to CZK 100,000 on delivery to an address and up to CZK 50,000 at a parcel point, Balíkovna CZK 100,000, One by Allegro CZK 50,000 to an address and CZK 30,000 at a locker, UPS Standard CZK 150,000 and TOPTRANS CZK 200,000. Amounts in euro are converted at the current rate. A service that cannot collect your amount is marked as unavailable in the offer.',
  },
  {
    category: 5,
    question_cs: 'Kdy mi přijdou peníze z dobírky?',
    question_en: 'When will I receive the cash-on-delivery money?',
    answer_cs:
      'Dopravce nám vybranou částku převede po doručení a my ji hned pošleme na účet, který jste uvedli u dobírky. Jak rychle to jde, záleží na zúčtovacích lhůtách dopravce: počítejte s několika pracovními dny od doručení. Platba nese variabilní symbol, který jste u dobírky zadali (například číslo objednávky vašeho e-shopu), takže ji snadno spárujete.',
    answer_en:
      'The carrier transfers the collected amount to us after delivery and we send it straight on to the bank account you gave for the cash on delivery. How fast depends on the carrier\'s settlement terms: allow a few working days from delivery. The payment carries the variable symbol you entered (your e-shop\'s order number, for example), so you can match it easily.',
  },
  {
    category: 5,
    question_cs: 'Může dobírka zahrnovat i cenu dopravy?',
    question_en: 'Can the cash-on-delivery amount include the shipping price?',
    answer_cs:
      'Ano. V objednávce zaškrtněte, že se k dobírce má připočíst cena přepravy; příjemce pak zaplatí hodnotu zboží i dopravu a vy dostanete celou vybranou částku. Poplatek za dobírku je uveden v rozpisu ceny u každé nabídky.',
    answer_en:
      'Yes. Tick the option to add the shipping price to the cash on delivery in the order; the recipient then pays for the goods and the shipping and you receive the whole amount collected. The cash-on-delivery fee is shown in the price breakdown of each offer.',
  },
  // 6 payments and invoices
  {
    category: 6,
    question_cs: 'Jak můžu za přepravu zaplatit?',
    question_en: 'How can I pay for shipping?',
    answer_cs:
      'Platební kartou přes platební bránu, bankovním převodem (s QR Platbou, kterou stačí načíst v mobilním bankovnictví) nebo z předplaceného kreditu svého účtu. Firmy se smlouvou mohou platit na fakturu jednou měsíčně. Zaplacenou objednávku ihned zpracujeme a zásilky předáme dopravci.',
    answer_en:
      'By card through the payment gateway, by bank transfer (with a QR payment code you scan in your banking app) or from the prepaid credit of your account. Businesses with a contract can pay by monthly invoice. Once an order is paid we process it straight away and hand the shipments to the carriers.',
  },
  {
    category: 6,
    question_cs: 'Zaplatil jsem převodem. Kdy objednávku zpracujete?',
    question_en: 'I paid by bank transfer. When will you process my order?',
    answer_cs:
      'Jakmile platba dorazí na náš účet a spárujeme ji podle variabilního symbolu, obvykle týž nebo následující pracovní den (okamžitá platba během několika minut). Teprve potom objednáme svoz a pošleme štítek. Pokud spěcháte, zaplaťte kartou: objednávka se zpracuje hned. Zkontrolujte, že jste zadali správný variabilní symbol a částku, jinak platbu nedokážeme automaticky přiřadit.',
    answer_en:
      'As soon as the payment reaches our account and we match it by its variable symbol, usually the same or the next working day (an instant payment within minutes). Only then do we book the pickup and send the label. If you are in a hurry, pay by card: the order is processed at once. Check that you used the right variable symbol and amount, otherwise we cannot match the payment automatically.',
  },
  {
    category: 6,
    question_cs: 'Jak funguje kredit a jak ho dobiju?',
    question_en: 'How does account credit work and how do I top it up?',
    answer_cs:
      'Kredit je předplacený zůstatek vašeho účtu, ze kterého zaplatíte objednávku jedním kliknutím. Dobijete ho převodem nebo kartou v klientské sekci v části [Kredit](route:klient-kredit). Na kredit vám také vracíme peníze za zrušené zásilky zaplacené převodem nebo z kreditu. Kredit se vede zvlášť v korunách a v eurech.',
    answer_en:
      'Credit is a prepaid balance of your account from which you pay an order in one click. Top it up by bank transfer or card in the client section under [Credit](route:klient-kredit). Refunds for cancelled shipments paid by transfer or from credit also go back to your credit. Credit is kept separately in koruna and in euro.',
  },
  {
    category: 6,
    question_cs: 'Dostanu fakturu? Můžu ji mít na firmu?',
    question_en: 'Will I get an invoice? Can it be made out to my company?',
    answer_cs:
      'Ano. Daňový doklad vystavíme automaticky po zaplacení a pošleme ho e-mailem; v PDF ho najdete i u objednávky a v klientské sekci mezi fakturami. Chcete-li fakturu na firmu, zvolte v objednávce plátce firma a vyplňte IČO (a DIČ, jste-li plátci DPH); údaje z obchodního rejstříku doplníme podle IČO. Opravu údajů na vystavené faktuře řešíme opravným dokladem, napište nám.',
    answer_en:
      'Yes. We issue a tax invoice automatically after payment and e-mail it to you; the PDF is also on the order page and among the invoices in the client section. For an invoice to your company, choose a company payer in the order and enter the company ID (IČO) and VAT number if you have one; we fill in the rest from the business register. To correct an issued invoice we issue a corrective document, just write to us.',
  },
  {
    category: 6,
    question_cs: 'Jsou ceny s DPH?',
    question_en: 'Do prices include VAT?',
    answer_cs:
      'Ano, ceny v nabídkách jsou konečné včetně DPH: na českém webu 21 % v korunách, na slovenském 23 % v eurech. Na faktuře je DPH rozepsaná. U zásilek mimo EU se přeprava fakturuje podle pravidel pro vývoz.',
    answer_en:
      'Yes, the prices in the offers are final and include VAT: 21% in koruna on the Czech site and 23% in euro on the Slovak site. The invoice shows the VAT separately. Shipping to destinations outside the EU is invoiced under the rules for exports.',
  },
  // 7 changes and cancellation
  {
    category: 7,
    question_cs: 'Jak zásilku zruším (storno) a kdy dostanu peníze zpět?',
    question_en: 'How do I cancel a shipment, and when do I get my money back?',
    answer_cs:
      'Zásilku zrušíte na stránce objednávky (odkaz je v potvrzovacím e-mailu) nebo v klientské sekci, a to do dne před plánovaným svozem, dokud ji dopravce nepřevzal. Zaplacenou kartou vrátíme na kartu, zaplacenou převodem nebo z kreditu na kredit vašeho účtu; bez účtu vám převod vrátíme na účet, ze kterého přišel. Nezaplacenou objednávku můžete zrušit kdykoli.',
    answer_en:
      'Cancel the shipment on the order page (the link is in the confirmation e-mail) or in the client section, up to the day before the planned pickup, while the carrier does not have it yet. A card payment goes back to the card; a payment by transfer or from credit goes to your account credit; without an account we send the transfer back to the account it came from. An unpaid order can be cancelled at any time.',
  },
  {
    category: 7,
    question_cs: 'Můžu změnit adresu doručení, když už je balík na cestě?',
    question_en: 'Can I change the delivery address once the parcel is on its way?',
    answer_cs:
      'Ano, dokud není balík u kurýra na rozvozu. Na stránce [Žádost o změnu](route:change-request) zadejte číslo zásilky a e-mail objednávky; pošleme odkaz, přes který požádáte o novou adresu, jiný telefon či e-mail příjemce nebo jiný den doručení. O změně rozhoduje dopravce podle stavu zásilky a odpověď vám pošleme e-mailem. U zásilky na výdejní místo se adresa nemění, výdejní místo mění příjemce přímo u dopravce.',
    answer_en:
      'Yes, as long as the parcel is not out for delivery. On the [change request](route:change-request) page enter the tracking number and the order\'s e-mail; we send a link through which you ask for a new address, another recipient phone or e-mail, or a different delivery day. The carrier decides according to the parcel\'s status and we e-mail you the answer. A parcel going to a parcel point keeps its address; the recipient changes the point with the carrier.',
  },
  {
    category: 7,
    question_cs: 'Můžu změnit nebo zrušit částku dobírky?',
    question_en: 'Can I change or remove the cash-on-delivery amount?',
    answer_cs:
      'Jen dokud dopravce zásilku nepřevzal. Požádejte o změnu přes [Žádost o změnu](route:change-request) a zadejte novou částku (nula dobírku ruší). Po převzetí balíku dopravcem už částku změnit nelze.',
    answer_en:
      'Only until the carrier has collected the parcel. Ask through a [change request](route:change-request) and enter the new amount (zero removes the cash on delivery). Once the carrier has the parcel the amount can no longer be changed.',
  },
  {
    category: 7,
    question_cs: 'Spletl jsem adresu odesílatele nebo den svozu. Co s tím?',
    question_en: 'I got the sender address or pickup day wrong. What now?',
    answer_cs:
      'Dokud svoz neproběhl, zásilku zrušte a objednejte znovu se správnými údaji; peníze za zrušenou zásilku vrátíme. Pokud je svoz naplánovaný na dnešek a už ji zrušit nejde, kontaktujte co nejdřív zákaznickou péči přes [kontaktní formulář](route:contact-form), svoz s dopravcem přeplánujeme.',
    answer_en:
      'While the pickup has not happened, cancel the shipment and order again with the right details; we refund the cancelled one. If the pickup is today and it can no longer be cancelled, contact customer care through the [contact form](route:contact-form) as soon as possible and we reschedule the pickup with the carrier.',
  },
  // 8 abroad, Slovakia and customs
  {
    category: 8,
    question_cs: 'Posíláte balíky na Slovensko?',
    question_en: 'Do you send parcels to Slovakia?',
    answer_cs:
      'Ano, na Slovensko vozí všichni naši dopravci kromě Kurýra na přesný čas, obvykle za 1 až 2 pracovní dny. Slovensko je v EU, takže žádné celní údaje nevyplňujete, a dobírku můžete vybírat v korunách i v eurech. Ze Slovenska posílejte přes naši slovenskou verzi webu, kde platíte v eurech; PPL tam nenabízíme. Ceny najdete v [ceníku Slovenska](route:price-list-europe).',
    answer_en:
      'Yes: all our carriers except the same-day courier carry parcels to Slovakia, usually in 1 to 2 working days. Slovakia is in the EU, so there are no customs details to fill in, and cash on delivery can be collected in koruna or euro. To send from Slovakia use our Slovak site, where you pay in euro; PPL is not offered there. Prices are in the [Europe price list](route:price-list-europe).',
  },
  {
    category: 8,
    question_cs: 'Kdy musím vyplnit celní údaje?',
    question_en: 'When do I have to fill in customs details?',
    answer_cs:
      'Když balík opouští celní území EU: například do Velké Británie, Švýcarska, Norska, USA nebo na Ukrajinu, a také na zvláštní území EU, jako jsou Kanárské ostrovy, Alandy nebo Helgoland. Průvodce vás pak provede krokem Celní řízení: důvod odeslání (dar, prodej, vzorek…), u každé položky popis, zemi původu, počet kusů, hodnotu a celní kód (HS kód). Nahrát můžete vlastní fakturu, nebo ji vytvoříme z vyplněných údajů. Firmy uvádějí číslo EORI.',
    answer_en:
      'When the parcel leaves the EU customs territory: for example to the United Kingdom, Switzerland, Norway, the USA or Ukraine, and also to special EU territories such as the Canary Islands, Åland or Heligoland. The order steps then include Customs: the reason for sending (gift, sale, sample …) and for each item its description, country of origin, quantity, value and customs tariff (HS) code. You can upload your own invoice or we create one from the details. Businesses add their EORI number.',
  },
  {
    category: 8,
    question_cs: 'Kdo platí clo a DPH při dovozu v zemi příjemce?',
    question_en: 'Who pays duty and import VAT in the recipient\'s country?',
    answer_cs:
      'Clo, dovozní DPH a poplatky za proclení platí v zemi určení příjemce; dopravce mu je vyúčtuje před doručením nebo při něm. Cena přepravy u nás je neobsahuje. Výši ovlivňuje hodnota a druh zboží, proto vyplňujte celní údaje pravdivě. Podhodnocená zásilka může uváznout na celnici a vrátit se.',
    answer_en:
      'Duty, import VAT and clearance fees are paid by the recipient in the destination country; the carrier bills them before or at delivery. Our shipping price does not include them. The amount depends on the value and kind of goods, so fill in the customs details truthfully: an undervalued parcel may be held at customs and returned.',
  },
  {
    category: 8,
    question_cs: 'Co je HS kód a kde ho najdu?',
    question_en: 'What is an HS code and where do I find it?',
    answer_cs:
      'HS kód je mezinárodní číselné označení druhu zboží podle celního sazebníku (harmonizovaný systém), například 6109 pro trička z pleteniny. Podle něj celníci určují clo. Najdete ho ve vyhledávači celního sazebníku Evropské komise (TARIC) nebo na faktuře od dodavatele zboží. Stačí prvních šest číslic.',
    answer_en:
      'An HS code is the international number for a kind of goods in the customs tariff (the Harmonised System), for example 6109 for knitted T-shirts. Customs officers use it to set the duty. You find it in the European Commission\'s tariff search (TARIC) or on your supplier\'s invoice. The first six digits are enough.',
  },
  {
    category: 8,
    question_cs: 'Můžu si nechat poslat balík ze zahraničí?',
    question_en: 'Can I have a parcel sent to me from abroad?',
    answer_cs:
      'Ano. Zadejte zemi odeslání a Česko (nebo Slovensko) jako cíl: dopravce balík vyzvedne u odesílatele v zahraničí a doručí vám ho, zaplatíte vy. Ze zemí EU vozí DPD, GLS, UPS a FedEx, ze zbytku světa UPS a FedEx. Ceny podle zemí najdete v ceníku [Balík ze zahraničí](route:price-list-import).',
    answer_en:
      'Yes. Enter the country of origin and Czechia (or Slovakia) as the destination: the carrier collects the parcel from the sender abroad and delivers it to you, and you pay. DPD, GLS, UPS and FedEx carry from EU countries, UPS and FedEx from the rest of the world. Prices by country are in the [Parcel from abroad](route:price-list-import) price list.',
  },
  {
    category: 8,
    question_cs: 'Co nesmím v balíku posílat?',
    question_en: 'What am I not allowed to send?',
    answer_cs:
      'Mezi vyloučené věci patří zbraně a střelivo, výbušniny a pyrotechnika, hořlavé kapaliny a plyny (včetně plynových bombiček), jedy, drogy, živá zvířata, lidské ostatky, peníze, cenné papíry a drahé kovy, rychle se kazící potraviny a zboží, jehož vývoz nebo dovoz země zakazuje. Do zemí mimo EU platí další omezení, například pro alkohol, tabák a léky. Úplný seznam je na stránce [Obsah vyloučený z přepravy](route:prohibited-items).',
    answer_en:
      'Excluded items include weapons and ammunition, explosives and fireworks, flammable liquids and gases (including gas cartridges), poisons, drugs, live animals, human remains, cash, securities and precious metals, perishable food, and goods whose export or import the country forbids. Destinations outside the EU add restrictions, for example on alcohol, tobacco and medicines. The full list is on the [prohibited items](route:prohibited-items) page.',
  },
  {
    category: 8,
    question_cs: 'Můžu poslat parfém nebo elektroniku s baterií?',
    question_en: 'Can I send perfume or electronics with a battery?',
    answer_cs:
      'Po Česku a na Slovensko (pozemní přepravou) ano: parfém v originálním uzavřeném balení v malém množství a elektroniku s baterií vloženou v přístroji, vypnutou a chráněnou proti náhodnému zapnutí. Letecky (UPS a FedEx mimo Evropu) parfémy ani samostatné lithiové baterie a powerbanky nepřijímáme, protože jde o nebezpečné zboží podle leteckých předpisů.',
    answer_en:
      'Within Czechia and to Slovakia (by road), yes: perfume in its original sealed packaging in small quantities, and electronics with the battery installed in the device, switched off and protected against switching on. By air (UPS and FedEx outside Europe) we do not accept perfume or loose lithium batteries and power banks, which are dangerous goods under aviation rules.',
  },
  // 9 insurance and claims
  {
    category: 9,
    question_cs: 'Je zásilka pojištěná?',
    question_en: 'Is my parcel insured?',
    answer_cs:
      'Každá zásilka má v ceně odpovědnost dopravce za škodu do limitu služby: například PPL a DPD 50 000 Kč, GLS 25 000 Kč, One by Allegro a výdejní místa DPD a GLS 10 000 Kč, Balíkovna 5 000 Kč, FedEx 2 500 Kč a UPS 2 000 Kč. Je-li obsah dražší, zadejte v objednávce jeho hodnotu jako připojištění; za část nad limitem zaplatíte pojistné podle dopravce (uvidíte ho v rozpisu ceny). Nejvýš lze připojistit 1 000 000 Kč u PPL a DPD, 1 500 000 Kč u UPS a 2 000 000 Kč u palet TOPTRANS.',
    answer_en:
      'Every shipment includes the carrier\'s liability for damage up to the limit of the service: for example PPL and DPD CZK 50,000, GLS CZK 25,000, One by Allegro and DPD and GLS parcel points CZK 10,000, Balíkovna CZK 5,000, FedEx CZK 2,500 and UPS CZK 2,000. If the contents are worth more, enter their value as extra insurance in the order; you pay a premium on the part above the limit (shown in the price breakdown). The highest insured values are CZK 1,000,000 with PPL and DPD, CZK 1,500,000 with UPS and CZK 2,000,000 for TOPTRANS pallets.',
  },
  {
    category: 9,
    question_cs: 'Balík přišel poškozený. Co mám udělat při převzetí?',
    question_en: 'The parcel arrived damaged. What should I do on delivery?',
    answer_cs:
      'Je-li poškození vidět už při převzetí (roztržený obal, promáčklá krabice, chrastění), nechte ho kurýrovi nebo na výdejním místě zapsat do protokolu o škodě, případně balík nepřevezměte. Vše vyfoťte a obal i obsah uschovejte, dokud reklamaci nevyřídíme: dopravce si je může chtít prohlédnout. Skryté poškození zjištěné až po rozbalení nahlaste ihned, nejlépe v den doručení: některé dopravce přijímají takovou reklamaci jen 1 až 3 pracovní dny.',
    answer_en:
      'If the damage is visible on delivery (torn wrapping, dented box, rattling), have the courier or the parcel point record it in a damage report, or refuse the parcel. Take photos and keep the packaging and contents until the claim is settled: the carrier may want to inspect them. Report hidden damage found only after unpacking at once, ideally on the day of delivery: some carriers accept such a claim for only 1 to 3 working days.',
  },
  {
    category: 9,
    question_cs: 'Jak podám reklamaci?',
    question_en: 'How do I file a claim?',
    answer_cs:
      'Na stránce [Reklamace](route:claim) zásilku najdete podle čísla zásilky a e-mailu objednávky, odesílatele nebo příjemce, zvolíte důvod (poškození, chybějící obsah, ztráta, pozdní doručení nebo jiný), popíšete, co se stalo, a přiložíte až 10 fotografií nebo dokladů (JPEG, PNG nebo PDF), například fotky obalu a obsahu a nákupní doklad. E-mailem dostanete číslo reklamace a odkaz na její stránku, kde vidíte průběh a můžete doplňovat zprávy a soubory. Pravidla popisuje [reklamační řád](route:claims-policy).',
    answer_en:
      'On the [Claims](route:claim) page find the shipment by its tracking number and the e-mail of the order, the sender or the recipient, choose the reason (damage, missing contents, loss, late delivery or other), describe what happened and attach up to 10 photos or documents (JPEG, PNG or PDF), such as photos of the packaging and contents and the purchase receipt. You get the claim number and a link to its page by e-mail, where you follow its progress and add messages and files. The rules are in the [claims policy](route:claims-policy).',
  },
  {
    category: 9,
    question_cs: 'Do kdy musím reklamaci podat a jak dlouho vyřízení trvá?',
    question_en: 'By when must I file a claim and how long does it take?',
    answer_cs:
      'Poškození nebo chybějící obsah reklamujte ihned, nejlépe v den doručení; dopravci mají pro skryté vady lhůty jen 1 až 3 pracovní dny. Pozdní doručení reklamujte do 30 dnů od doručení. Ztrátu můžete nahlásit, jakmile zásilka nedorazí do 5 pracovních dnů po předpokládaném doručení (do zahraničí do 10 pracovních dnů), nejpozději však do 6 měsíců od podání. Reklamaci posuzujeme s dopravcem a vyřídíme ji nejpozději do 30 dnů od podání s úplnými doklady; o každé změně stavu vám napíšeme. Podrobnosti jsou v [reklamačním řádu](route:claims-policy).',
    answer_en:
      'Claim damage or missing contents at once, ideally on the day of delivery; carriers allow only 1 to 3 working days for hidden damage. Claim a late delivery within 30 days of delivery. You can report a loss once the parcel is 5 working days past its expected delivery (10 working days for international shipments), but no later than 6 months after sending. We assess the claim with the carrier and settle it within 30 days of receiving it with complete documents, and we e-mail you at every change of its status. Details are in the [claims policy](route:claims-policy).',
  },
  {
    category: 9,
    question_cs: 'Kolik dostanu zaplaceno, když se zásilka ztratí nebo poškodí?',
    question_en: 'How much will I be paid if the parcel is lost or damaged?',
    answer_cs:
      'Nahradíme prokázanou hodnotu obsahu (doložte ji nákupním dokladem nebo fakturou), nejvýš do limitu odpovědnosti dopravce, případně do připojištěné hodnoty. U ztracené zásilky vracíme i cenu přepravy. Za pozdní doručení náleží náhrada jen u služeb se zaručeným časem doručení (například DPD Express 12), a to nejvýše do ceny přepravy. Náhradu pošleme na účet, který v reklamaci uvedete.',
    answer_en:
      'We pay the proven value of the contents (show it with a receipt or invoice), up to the carrier\'s liability limit or the insured value. For a lost parcel we also refund the shipping price. Late delivery is compensated only for services with a guaranteed delivery time (such as DPD Express 12), up to the shipping price. The compensation goes to the bank account you give in the claim.',
  },
  // 10 businesses and e-shops
  {
    category: 10,
    question_cs: 'Nabízíte firmám lepší ceny nebo smlouvu?',
    question_en: 'Do you offer businesses better prices or a contract?',
    answer_cs:
      'Ano. Firmám a e-shopům, které posílají pravidelně, nabízíme smlouvu s individuálními cenami v tarifech Easy, Profi a Flexi podle objemu zásilek. Smlouva přináší platbu na měsíční fakturu, pravidelné svozy, víc svozových míst, aplikaci Manažer zásilek a osobního obchodníka. O nabídku požádáte formulářem [Získat nabídku](route:business-get-offer); ozveme se do jednoho pracovního dne.',
    answer_en:
      'Yes. For businesses and e-shops that ship regularly we offer a contract with individual prices in the Easy, Profi and Flexi tiers, depending on volume. A contract brings monthly invoicing, regular pickups, several pickup places, the Shipment Manager app and a personal account manager. Ask for an offer with the [Get an offer](route:business-get-offer) form; we reply within one working day.',
  },
  {
    category: 10,
    question_cs: 'Jak funguje platba na fakturu pro firmy?',
    question_en: 'How does invoice payment work for businesses?',
    answer_cs:
      'Se smlouvou objednáváte bez platby předem. Zásilky objednané během kalendářního měsíce shrneme po jeho skončení do jedné faktury (zvlášť za každou měnu) se splatností 14 dní. Zrušené zásilky se na fakturu nedostanou. Faktury najdete v klientské sekci a dostanete je e-mailem.',
    answer_en:
      'With a contract you order without paying up front. Shipments ordered during a calendar month are put on one invoice (one per currency) after the month ends, due in 14 days. Cancelled shipments are left out. Invoices are in the client section and are also e-mailed to you.',
  },
  {
    category: 10,
    question_cs: 'Můžu napojit svůj e-shop nebo nahrát zásilky hromadně?',
    question_en: 'Can I connect my e-shop or upload shipments in bulk?',
    answer_cs:
      'Ano. Máme doplňky pro Shoptet, WooCommerce, PrestaShop, Shopify, Upgates, Webareal, Eshop-rychle a Base.com, které převezmou objednávky z e-shopu a vrátí do něj čísla zásilek. Bez napojení můžete v klientské sekci nahrát zásilky z CSV souboru a zaplatit je najednou. Přehled najdete na stránce [Integrace](route:business-integrations).',
    answer_en:
      'Yes. We have add-ons for Shoptet, WooCommerce, PrestaShop, Shopify, Upgates, Webareal, Eshop-rychle and Base.com that take over the e-shop\'s orders and send the tracking numbers back. Without an add-on you can upload shipments from a CSV file in the client section and pay for them at once. See the [Integrations](route:business-integrations) page.',
  },
  {
    category: 10,
    question_cs: 'Dá se nastavit pravidelný svoz?',
    question_en: 'Can I set up a regular pickup?',
    answer_cs:
      'Ano, zákazníci se smlouvou si v klientské sekci uloží svozová místa (sklad, prodejnu) a naplánují svozy na zvolené dny. Kurýr pak přijede pro všechny zásilky připravené k odeslání, aniž byste svoz objednávali u každé zvlášť.',
    answer_en:
      'Yes, contract customers save pickup places (a warehouse, a shop) in the client section and plan pickups on chosen days. The courier then collects every shipment ready to go without a pickup being booked for each one.',
  },
];

/** the questions with fixed ids 1..n and their position within their category */
export const FAQ_QUESTIONS = QUESTIONS.map((q, i) => ({
  id: i + 1,
  category_id: q.category,
  position: QUESTIONS.slice(0, i).filter((p) => p.category === q.category).length + 1,
  question_cs: q.question_cs,
  question_en: q.question_en,
  answer_cs: q.answer_cs,
  answer_en: q.answer_en,
  active: true,
}));

type SlovakCategory = { name: string; description: string };
type SlovakQuestion = { question: string; answer: string };
/** the Slovak texts (issue 26), by id; every category and question has one (tests/unit/faq-seed.test.ts) */
export const FAQ_SLOVAK = slovak as { categories: Record<string, SlovakCategory>; questions: Record<string, SlovakQuestion> };

export const faqSeedStatements = (): string[] => [
  ...FAQ_CATEGORIES.map((row) => {
    const sk = FAQ_SLOVAK.categories[String(row.id)];
    return upsert('faq_categories', 'id', { ...row, name_sk: sk?.name ?? null, description_sk: sk?.description ?? null, active: true });
  }),
  ...FAQ_QUESTIONS.map((row) => {
    const sk = FAQ_SLOVAK.questions[String(row.id)];
    return upsert('faq_questions', 'id', { ...row, question_sk: sk?.question ?? null, answer_sk: sk?.answer ?? null });
  }),
];
