/**
 * Country names for the price-list pages (spec §2.5), hand-written and hand-checked:
 * English name; Czech nominative / genitive [/ accusative]; Slovak nominative / genitive
 * [/ accusative]. A third (accusative) form means the language says "na" (na Slovensko,
 * na Ukrajinu, na Kypr, islands and island states); otherwise "do" + genitive. The
 * "from" pages use z/ze (Czech) or z/zo (Slovak) + genitive (see country-slugs.ts).
 *
 * The set: every sovereign state (and Kosovo, Taiwan, Hong Kong, Puerto Rico) the rate
 * sheets serve from or to CZ/SK, i.e. all but the BANNED_CODES of the countries seed.
 * Dependent territories (Greenland, Gibraltar, Réunion …) have no country page; their
 * prices are on the generic route page /ceniky/:from/:to.
 *
 * Line format: `code | English | cs nom/gen[/acc] | sk nom/gen[/acc]`.
 */
const DATA = `
ad|Andorra|Andorra/Andorry|Andorra/Andorry
al|Albania|Albánie/Albánie|Albánsko/Albánska
at|Austria|Rakousko/Rakouska|Rakúsko/Rakúska
ba|Bosnia and Herzegovina|Bosna a Hercegovina/Bosny a Hercegoviny|Bosna a Hercegovina/Bosny a Hercegoviny
be|Belgium|Belgie/Belgie|Belgicko/Belgicka
bg|Bulgaria|Bulharsko/Bulharska|Bulharsko/Bulharska
ch|Switzerland|Švýcarsko/Švýcarska|Švajčiarsko/Švajčiarska
cy|Cyprus|Kypr/Kypru/Kypr|Cyprus/Cypru/Cyprus
cz|Czechia|Česko/Česka|Česko/Česka
de|Germany|Německo/Německa|Nemecko/Nemecka
dk|Denmark|Dánsko/Dánska|Dánsko/Dánska
ee|Estonia|Estonsko/Estonska|Estónsko/Estónska
es|Spain|Španělsko/Španělska|Španielsko/Španielska
fi|Finland|Finsko/Finska|Fínsko/Fínska
fr|France|Francie/Francie|Francúzsko/Francúzska
gb|United Kingdom|Velká Británie/Velké Británie|Veľká Británia/Veľkej Británie
gr|Greece|Řecko/Řecka|Grécko/Grécka
hr|Croatia|Chorvatsko/Chorvatska|Chorvátsko/Chorvátska
hu|Hungary|Maďarsko/Maďarska|Maďarsko/Maďarska
ie|Ireland|Irsko/Irska|Írsko/Írska
is|Iceland|Island/Islandu/Island|Island/Islandu/Island
it|Italy|Itálie/Itálie|Taliansko/Talianska
li|Liechtenstein|Lichtenštejnsko/Lichtenštejnska|Lichtenštajnsko/Lichtenštajnska
lt|Lithuania|Litva/Litvy|Litva/Litvy
lu|Luxembourg|Lucembursko/Lucemburska|Luxembursko/Luxemburska
lv|Latvia|Lotyšsko/Lotyšska|Lotyšsko/Lotyšska
mc|Monaco|Monako/Monaka|Monako/Monaka
md|Moldova|Moldavsko/Moldavska|Moldavsko/Moldavska
me|Montenegro|Černá Hora/Černé Hory|Čierna Hora/Čiernej Hory
mk|North Macedonia|Severní Makedonie/Severní Makedonie|Severné Macedónsko/Severného Macedónska
mt|Malta|Malta/Malty/Maltu|Malta/Malty/Maltu
nl|Netherlands|Nizozemsko/Nizozemska|Holandsko/Holandska
no|Norway|Norsko/Norska|Nórsko/Nórska
pl|Poland|Polsko/Polska|Poľsko/Poľska
pt|Portugal|Portugalsko/Portugalska|Portugalsko/Portugalska
ro|Romania|Rumunsko/Rumunska|Rumunsko/Rumunska
rs|Serbia|Srbsko/Srbska|Srbsko/Srbska
se|Sweden|Švédsko/Švédska|Švédsko/Švédska
si|Slovenia|Slovinsko/Slovinska|Slovinsko/Slovinska
sk|Slovakia|Slovensko/Slovenska/Slovensko|Slovensko/Slovenska/Slovensko
sm|San Marino|San Marino/San Marina|San Maríno/San Marína
ua|Ukraine|Ukrajina/Ukrajiny/Ukrajinu|Ukrajina/Ukrajiny/Ukrajinu
va|Vatican City|Vatikán/Vatikánu|Vatikán/Vatikánu
xk|Kosovo|Kosovo/Kosova|Kosovo/Kosova
ae|United Arab Emirates|Spojené arabské emiráty/Spojených arabských emirátů|Spojené arabské emiráty/Spojených arabských emirátov
am|Armenia|Arménie/Arménie|Arménsko/Arménska
az|Azerbaijan|Ázerbájdžán/Ázerbájdžánu|Azerbajdžan/Azerbajdžanu
bd|Bangladesh|Bangladéš/Bangladéše|Bangladéš/Bangladéša
bh|Bahrain|Bahrajn/Bahrajnu|Bahrajn/Bahrajnu
bn|Brunei|Brunej/Bruneje|Brunej/Bruneja
bt|Bhutan|Bhútán/Bhútánu|Bhután/Bhutánu
cn|China|Čína/Číny|Čína/Číny
ge|Georgia|Gruzie/Gruzie|Gruzínsko/Gruzínska
hk|Hong Kong|Hongkong/Hongkongu|Hongkong/Hongkongu
id|Indonesia|Indonésie/Indonésie|Indonézia/Indonézie
il|Israel|Izrael/Izraele|Izrael/Izraela
in|India|Indie/Indie|India/Indie
iq|Iraq|Irák/Iráku|Irak/Iraku
jo|Jordan|Jordánsko/Jordánska|Jordánsko/Jordánska
jp|Japan|Japonsko/Japonska|Japonsko/Japonska
kg|Kyrgyzstan|Kyrgyzstán/Kyrgyzstánu|Kirgizsko/Kirgizska
kh|Cambodia|Kambodža/Kambodže|Kambodža/Kambodže
kr|South Korea|Jižní Korea/Jižní Koreje|Južná Kórea/Južnej Kórey
kw|Kuwait|Kuvajt/Kuvajtu|Kuvajt/Kuvajtu
kz|Kazakhstan|Kazachstán/Kazachstánu|Kazachstan/Kazachstanu
la|Laos|Laos/Laosu|Laos/Laosu
lb|Lebanon|Libanon/Libanonu|Libanon/Libanonu
lk|Sri Lanka|Srí Lanka/Srí Lanky/Srí Lanku|Srí Lanka/Srí Lanky/Srí Lanku
mm|Myanmar|Myanmar/Myanmaru|Mjanmarsko/Mjanmarska
mn|Mongolia|Mongolsko/Mongolska|Mongolsko/Mongolska
mv|Maldives|Maledivy/Malediv/Maledivy|Maldivy/Maldív/Maldivy
my|Malaysia|Malajsie/Malajsie|Malajzia/Malajzie
np|Nepal|Nepál/Nepálu|Nepál/Nepálu
om|Oman|Omán/Ománu|Omán/Ománu
ph|Philippines|Filipíny/Filipín/Filipíny|Filipíny/Filipín/Filipíny
pk|Pakistan|Pákistán/Pákistánu|Pakistan/Pakistanu
qa|Qatar|Katar/Kataru|Katar/Kataru
sa|Saudi Arabia|Saúdská Arábie/Saúdské Arábie|Saudská Arábia/Saudskej Arábie
sg|Singapore|Singapur/Singapuru|Singapur/Singapuru
th|Thailand|Thajsko/Thajska|Thajsko/Thajska
tj|Tajikistan|Tádžikistán/Tádžikistánu|Tadžikistan/Tadžikistanu
tl|Timor-Leste|Východní Timor/Východního Timoru|Východný Timor/Východného Timoru
tm|Turkmenistan|Turkmenistán/Turkmenistánu|Turkménsko/Turkménska
tr|Turkey|Turecko/Turecka|Turecko/Turecka
tw|Taiwan|Tchaj-wan/Tchaj-wanu/Tchaj-wan|Taiwan/Taiwanu/Taiwan
uz|Uzbekistan|Uzbekistán/Uzbekistánu|Uzbekistan/Uzbekistanu
vn|Vietnam|Vietnam/Vietnamu|Vietnam/Vietnamu
ao|Angola|Angola/Angoly|Angola/Angoly
bf|Burkina Faso|Burkina Faso/Burkiny Faso|Burkina Faso/Burkiny Faso
bi|Burundi|Burundi/Burundi|Burundi/Burundi
bj|Benin|Benin/Beninu|Benin/Beninu
bw|Botswana|Botswana/Botswany|Botswana/Botswany
cd|DR Congo|Demokratická republika Kongo/Demokratické republiky Kongo|Konžská demokratická republika/Konžskej demokratickej republiky
cf|Central African Republic|Středoafrická republika/Středoafrické republiky|Stredoafrická republika/Stredoafrickej republiky
cg|Republic of the Congo|Kongo/Konga|Kongo/Konga
ci|Ivory Coast|Pobřeží slonoviny/Pobřeží slonoviny|Pobrežie Slonoviny/Pobrežia Slonoviny
cm|Cameroon|Kamerun/Kamerunu|Kamerun/Kamerunu
cv|Cape Verde|Kapverdy/Kapverd/Kapverdy|Kapverdy/Kapverd/Kapverdy
dj|Djibouti|Džibutsko/Džibutska|Džibutsko/Džibutska
dz|Algeria|Alžírsko/Alžírska|Alžírsko/Alžírska
eg|Egypt|Egypt/Egypta|Egypt/Egypta
er|Eritrea|Eritrea/Eritreje|Eritrea/Eritrey
et|Ethiopia|Etiopie/Etiopie|Etiópia/Etiópie
ga|Gabon|Gabon/Gabonu|Gabon/Gabonu
gh|Ghana|Ghana/Ghany|Ghana/Ghany
gm|Gambia|Gambie/Gambie|Gambia/Gambie
gn|Guinea|Guinea/Guineje|Guinea/Guiney
gq|Equatorial Guinea|Rovníková Guinea/Rovníkové Guineje|Rovníková Guinea/Rovníkovej Guiney
gw|Guinea-Bissau|Guinea-Bissau/Guineje-Bissau|Guinea-Bissau/Guiney-Bissau
ke|Kenya|Keňa/Keni|Keňa/Kene
km|Comoros|Komory/Komor/Komory|Komory/Komor/Komory
lr|Liberia|Libérie/Libérie|Libéria/Libérie
ls|Lesotho|Lesotho/Lesotha|Lesotho/Lesotha
ly|Libya|Libye/Libye|Líbya/Líbye
ma|Morocco|Maroko/Maroka|Maroko/Maroka
mg|Madagascar|Madagaskar/Madagaskaru/Madagaskar|Madagaskar/Madagaskaru/Madagaskar
ml|Mali|Mali/Mali|Mali/Mali
mr|Mauritania|Mauritánie/Mauritánie|Mauritánia/Mauritánie
mu|Mauritius|Mauricius/Mauricia/Mauricius|Maurícius/Maurícia/Maurícius
mw|Malawi|Malawi/Malawi|Malawi/Malawi
mz|Mozambique|Mosambik/Mosambiku|Mozambik/Mozambiku
na|Namibia|Namibie/Namibie|Namíbia/Namíbie
ne|Niger|Niger/Nigeru|Niger/Nigeru
ng|Nigeria|Nigérie/Nigérie|Nigéria/Nigérie
rw|Rwanda|Rwanda/Rwandy|Rwanda/Rwandy
sc|Seychelles|Seychely/Seychel/Seychely|Seychely/Seychel/Seychely
sd|Sudan|Súdán/Súdánu|Sudán/Sudánu
sl|Sierra Leone|Sierra Leone/Sierry Leone|Sierra Leone/Sierry Leone
sn|Senegal|Senegal/Senegalu|Senegal/Senegalu
ss|South Sudan|Jižní Súdán/Jižního Súdánu|Južný Sudán/Južného Sudánu
st|Sao Tome and Principe|Svatý Tomáš a Princův ostrov/Svatého Tomáše a Princova ostrova/Svatý Tomáš a Princův ostrov|Svätý Tomáš a Princov ostrov/Svätého Tomáša a Princovho ostrova/Svätý Tomáš a Princov ostrov
sz|Eswatini|Svazijsko/Svazijska|Svazijsko/Svazijska
td|Chad|Čad/Čadu|Čad/Čadu
tg|Togo|Togo/Toga|Togo/Toga
tn|Tunisia|Tunisko/Tuniska|Tunisko/Tuniska
tz|Tanzania|Tanzanie/Tanzanie|Tanzánia/Tanzánie
ug|Uganda|Uganda/Ugandy|Uganda/Ugandy
za|South Africa|Jihoafrická republika/Jihoafrické republiky|Južná Afrika/Južnej Afriky
zm|Zambia|Zambie/Zambie|Zambia/Zambie
zw|Zimbabwe|Zimbabwe/Zimbabwe|Zimbabwe/Zimbabwe
ag|Antigua and Barbuda|Antigua a Barbuda/Antiguy a Barbudy/Antiguu a Barbudu|Antigua a Barbuda/Antiguy a Barbudy/Antiguu a Barbudu
bb|Barbados|Barbados/Barbadosu/Barbados|Barbados/Barbadosu/Barbados
bs|Bahamas|Bahamy/Baham/Bahamy|Bahamy/Baham/Bahamy
bz|Belize|Belize/Belize|Belize/Belize
ca|Canada|Kanada/Kanady|Kanada/Kanady
cr|Costa Rica|Kostarika/Kostariky|Kostarika/Kostariky
cu|Cuba|Kuba/Kuby/Kubu|Kuba/Kuby/Kubu
dm|Dominica|Dominika/Dominiky/Dominiku|Dominika/Dominiky/Dominiku
do|Dominican Republic|Dominikánská republika/Dominikánské republiky|Dominikánska republika/Dominikánskej republiky
gd|Grenada|Grenada/Grenady/Grenadu|Grenada/Grenady/Grenadu
gt|Guatemala|Guatemala/Guatemaly|Guatemala/Guatemaly
hn|Honduras|Honduras/Hondurasu|Honduras/Hondurasu
ht|Haiti|Haiti/Haiti/Haiti|Haiti/Haiti/Haiti
jm|Jamaica|Jamajka/Jamajky/Jamajku|Jamajka/Jamajky/Jamajku
kn|Saint Kitts and Nevis|Svatý Kryštof a Nevis/Svatého Kryštofa a Nevisu/Svatý Kryštof a Nevis|Svätý Krištof a Nevis/Svätého Krištofa a Nevisu/Svätý Krištof a Nevis
lc|Saint Lucia|Svatá Lucie/Svaté Lucie/Svatou Lucii|Svätá Lucia/Svätej Lucie/Svätú Luciu
mx|Mexico|Mexiko/Mexika|Mexiko/Mexika
ni|Nicaragua|Nikaragua/Nikaraguy|Nikaragua/Nikaraguy
pa|Panama|Panama/Panamy|Panama/Panamy
pr|Puerto Rico|Portoriko/Portorika|Portoriko/Portorika
sv|El Salvador|Salvador/Salvadoru|Salvádor/Salvádoru
tt|Trinidad and Tobago|Trinidad a Tobago/Trinidadu a Tobaga/Trinidad a Tobago|Trinidad a Tobago/Trinidadu a Tobaga/Trinidad a Tobago
us|United States|Spojené státy/Spojených států|Spojené štáty/Spojených štátov
vc|Saint Vincent and the Grenadines|Svatý Vincenc a Grenadiny/Svatého Vincence a Grenadin/Svatý Vincenc a Grenadiny|Svätý Vincent a Grenadíny/Svätého Vincenta a Grenadín/Svätý Vincent a Grenadíny
ar|Argentina|Argentina/Argentiny|Argentína/Argentíny
bo|Bolivia|Bolívie/Bolívie|Bolívia/Bolívie
br|Brazil|Brazílie/Brazílie|Brazília/Brazílie
cl|Chile|Chile/Chile|Čile/Čile
co|Colombia|Kolumbie/Kolumbie|Kolumbia/Kolumbie
ec|Ecuador|Ekvádor/Ekvádoru|Ekvádor/Ekvádoru
gy|Guyana|Guyana/Guyany|Guayana/Guayany
pe|Peru|Peru/Peru|Peru/Peru
py|Paraguay|Paraguay/Paraguaye|Paraguaj/Paraguaja
sr|Suriname|Surinam/Surinamu|Surinam/Surinamu
uy|Uruguay|Uruguay/Uruguaye|Uruguaj/Uruguaja
ve|Venezuela|Venezuela/Venezuely|Venezuela/Venezuely
au|Australia|Austrálie/Austrálie|Austrália/Austrálie
fj|Fiji|Fidži/Fidži/Fidži|Fidži/Fidži/Fidži
fm|Micronesia|Mikronésie/Mikronésie|Mikronézia/Mikronézie
ki|Kiribati|Kiribati/Kiribati/Kiribati|Kiribati/Kiribati/Kiribati
mh|Marshall Islands|Marshallovy ostrovy/Marshallových ostrovů/Marshallovy ostrovy|Marshallove ostrovy/Marshallových ostrovov/Marshallove ostrovy
nr|Nauru|Nauru/Nauru/Nauru|Nauru/Nauru/Nauru
nz|New Zealand|Nový Zéland/Nového Zélandu/Nový Zéland|Nový Zéland/Nového Zélandu/Nový Zéland
pg|Papua New Guinea|Papua Nová Guinea/Papuy Nové Guineje|Papua Nová Guinea/Papuy Novej Guiney
pw|Palau|Palau/Palau/Palau|Palau/Palau/Palau
sb|Solomon Islands|Šalamounovy ostrovy/Šalamounových ostrovů/Šalamounovy ostrovy|Šalamúnove ostrovy/Šalamúnových ostrovov/Šalamúnove ostrovy
to|Tonga|Tonga/Tongy/Tongu|Tonga/Tongy/Tongu
tv|Tuvalu|Tuvalu/Tuvalu/Tuvalu|Tuvalu/Tuvalu/Tuvalu
vu|Vanuatu|Vanuatu/Vanuatu/Vanuatu|Vanuatu/Vanuatu/Vanuatu
ws|Samoa|Samoa/Samoy/Samou|Samoa/Samoy/Samou
`;

/** one language's forms of a country's name */
export type NameForms = { nominative: string; genitive: string; /** set when the language says "na" */ accusative: string | null };
export type CountryNames = { code: string; en: string; cs: NameForms; sk: NameForms };

const forms = (field: string): NameForms => {
  const [nominative, genitive, accusative] = field.split('/');
  return { nominative: nominative!, genitive: genitive!, accusative: accusative ?? null };
};

/** code → names, in the order above (by continent, then as listed) */
export const COUNTRY_NAMES: ReadonlyMap<string, CountryNames> = new Map(
  DATA.trim()
    .split('\n')
    .map((line) => {
      const [code, en, cs, sk] = line.split('|');
      return [code!, { code: code!, en: en!, cs: forms(cs!), sk: forms(sk!) }] as const;
    }),
);
