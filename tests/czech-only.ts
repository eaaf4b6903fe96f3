/**
 * Czech on a Slovak page (issue 26): Slovak has no ř, ů or ě, and these common Czech words have
 * Slovak forms of their own (zásielka, dobierka, doručenie, vyzdvihnutie, spôsob, prevod, alebo …).
 * Proper names keep their spelling: pass them as `names` (a Czech town, a Prague street).
 */
const CZECH_WORDS = [
  'zásilka', 'zásilky', 'zásilku', 'zásilce', 'zásilek', 'zásilkou', 'zásilkám', 'zásilkách',
  'dobírka', 'dobírky', 'dobírku', 'dobírce', 'dobírkou',
  'vyzvednutí', 'způsob', 'způsobem', 'převod', 'převodem',
  'nebo', 'jsou', 'není', 'pouze', 'které', 'který', 'která', 'kterou', 'také', 'již', 'zde', 'celkem', 'zpět',
  'hledat', 'odeslat', 'pokračovat', 'uložit', 'zrušit', 'smazat', 'upravit', 'příjemce', 'odesílatel', 'odesílatele',
  'svoz', 'svozu', 'podání', 'dopravce',
];
const LETTERS = /[řůěŘŮĚ]/u;
// "doručení" is also Slovak after a preposition of the locative (po doručení, pri doručení)
const WORD = new RegExp(`(?<!\\p{L})(${CZECH_WORDS.join('|')}|(?<!(?:po|pri|o|v|\\p{L}+om) )doručení)(?!\\p{L})`, 'iu');

/** the Czech-only words of `text` (after removing the allowed proper names), in order, with some context */
export function czechOnly(text: string, names: readonly string[] = []): string[] {
  let rest = text;
  for (const n of names) rest = rest.split(n).join(' ');
  const found: string[] = [];
  for (const line of rest.split(/\n+/)) {
    const m = LETTERS.exec(line) ?? WORD.exec(line);
    if (m) found.push(`${m[0]}: ${line.trim().slice(Math.max(0, m.index - 50), m.index + 60)}`);
  }
  return [...new Set(found)];
}

/** proper names that keep Czech letters on Slovak pages */
export const CZECH_PROPER_NAMES = [
  'Na Poříčí',
  'Česká spořitelna',
  'České Budějovice',
  'Hradec Králové',
  'Děčín',
  'Kroměříž',
  'Přerov',
  'Třinec',
  'Karlovy Vary',
  'Ústí nad Labem',
  'Mladá Boleslav',
  'Frýdek-Místek',
  'Havířov',
  'Jihlava',
  'Sbírka zákonů',
  'Český telekomunikační úřad',
  'Úřad pro ochranu osobních údajů',
  'Česká obchodní inspekce',
  'Jednotné informační místo',
];
