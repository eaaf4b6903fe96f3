import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CZECH_PROPER_NAMES, czechOnly } from '../czech-only';

const root = path.resolve(import.meta.dirname, '../../translations');
const read = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as Record<string, string>;
const areas = [...new Set(readdirSync(path.join(root, 'areas')).map((f) => f.split('.')[0]!))];

describe('translation areas (translations/areas/<area>.<locale>.json)', () => {
  it.each(areas)('%s: Czech and English have the same keys, none empty', (area) => {
    const cs = read(`areas/${area}.cs.json`);
    const en = read(`areas/${area}.en.json`);
    expect(Object.keys(en).sort()).toEqual(Object.keys(cs).sort());
    for (const [key, text] of [...Object.entries(cs), ...Object.entries(en)]) expect(text.trim(), key).not.toBe('');
  });

  it('no key is defined twice (in two areas, or in an area and the main catalogue)', () => {
    const seen = new Map<string, string>(Object.keys(read('cs.json')).map((k) => [k, 'cs.json']));
    for (const area of areas) {
      for (const key of Object.keys(read(`areas/${area}.cs.json`))) {
        expect(seen.get(key), `${key} in ${area} and ${seen.get(key)}`).toBeUndefined();
        seen.set(key, area);
      }
    }
  });
});

describe('translation catalogues (translations/*.json, areas/*.json)', () => {
  const files = [...readdirSync(root).filter((f) => f.endsWith('.json')), ...readdirSync(path.join(root, 'areas')).map((f) => `areas/${f}`)];
  // JSON.parse keeps the last of two equal keys, so a key added twice silently replaces a text in use
  it.each(files)('%s defines no key twice', (file) => {
    const keys = [...readFileSync(path.join(root, file), 'utf8').matchAll(/^\s*("(?:[^"\\]|\\.)*")\s*:/gm)].map((m) => JSON.parse(m[1]!) as string);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });
});

/**
 * The Slovak site is Slovak on every page (issue 26): every message id of Czech exists in Slovak
 * (and in English), with the same ICU arguments and tags, and no Slovak text is Czech.
 */
describe('Slovak and English catalogues are complete', () => {
  const pairs: [string, string, string][] = [
    ['cs.json', 'sk.json', 'en.json'],
    ...areas.map((a): [string, string, string] => [`areas/${a}.cs.json`, `areas/${a}.sk.json`, `areas/${a}.en.json`]),
  ];
  const args = (m: string) => [...m.matchAll(/\{\s*([a-zA-Z0-9_]+)\s*[},]/g)].map((x) => x[1]).sort();
  const tags = (m: string) => [...m.matchAll(/<\/?([a-zA-Z0-9]+)>/g)].map((x) => x[0]).sort();

  it.each(pairs)('%s: every key is in %s and %s, none empty', (csFile, skFile, enFile) => {
    const cs = read(csFile);
    for (const file of [skFile, enFile]) {
      const other = read(file);
      expect(Object.keys(cs).filter((k) => !(k in other)), `missing in ${file}`).toEqual([]);
      expect(Object.keys(other).filter((k) => !(k in cs)), `only in ${file}`).toEqual([]);
      for (const [key, text] of Object.entries(other)) expect(text.trim(), `${file} ${key}`).not.toBe('');
    }
  });

  it.each(pairs)('%s → %s: the same arguments and tags, no Czech-only word', (csFile, skFile) => {
    const cs = read(csFile);
    const sk = read(skFile);
    const wrong: string[] = [];
    for (const [key, text] of Object.entries(sk)) {
      if (cs[key] === undefined) continue;
      if (args(text).join() !== args(cs[key]).join() || tags(text).join() !== tags(cs[key]).join()) wrong.push(`${key}: arguments or tags differ`);
      for (const hit of czechOnly(text, CZECH_PROPER_NAMES)) wrong.push(`${key}: ${hit}`);
    }
    expect(wrong).toEqual([]);
  });
});
