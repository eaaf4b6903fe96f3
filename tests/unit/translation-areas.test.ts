import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

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
