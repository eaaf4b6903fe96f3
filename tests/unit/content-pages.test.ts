import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expandContent, splitFrontMatter } from '../../src/components/content/markdown';
import { patternOf, routes, type RouteId } from '../../src/routes';
import { CZECH_PROPER_NAMES, czechOnly } from '../czech-only';

/**
 * Every prose page of src/content/pages (information and legal pages): Czech, English and Slovak
 * (issue 26), a real description, internal links to parameterless routes only, no unknown
 * placeholder, an English text in English and a Slovak one in Slovak.
 */
const dir = path.join(import.meta.dirname, '../../src/content/pages');
const files = readdirSync(dir).filter((f) => f.endsWith('.md'));
const names = [...new Set(files.map((f) => f.replace(/\.(cs|en|sk)\.md$/, '')))].sort();
const read = (name: string, locale: 'cs' | 'en' | 'sk') => readFileSync(path.join(dir, `${name}.${locale}.md`), 'utf8');

/** proper names that keep their Czech spelling in English texts */
const NAMES_WITH_DIACRITICS = [
  'Zásilkovač',
  'Zásilkovna',
  'Na Poříčí',
  'Balíkovna',
  'Praha',
  'Česká obchodní inspekce',
  'Úřad pro ochranu osobních údajů',
  'Úrad na ochranu osobných údajov',
  'Slovenská obchodná inšpekcia',
  'Český telekomunikační úřad',
  'Kurýr na přesný čas',
  'Sbírka zákonů',
  'jednotné informační místo',
  'Jednotné informační místo',
  'jednotne-informacni-misto',
  // Czech abbreviations an English text explains in brackets
  'IČO',
  'DIČ',
  'ČOI',
  'ČTÚ',
  'ÚOOÚ',
  'PSČ',
];
const DIACRITICS = /[áčďéěíňóřšťúůýžÁČĎÉĚÍŇÓŘŠŤÚŮÝŽäľĺôŕÄĽĹÔŔ]/;

describe('content pages', () => {
  it('exist', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it('are names of the form <name>.<cs|en>.md', () => {
    expect(files.filter((f) => !/^[a-z0-9-]+\.(cs|en|sk)\.md$/.test(f))).toEqual([]);
  });

  describe.each(names)('%s', (name) => {
    it('has a Czech and an English file', () => {
      expect(files).toContain(`${name}.cs.md`);
      expect(files).toContain(`${name}.en.md`);
      expect(files).toContain(`${name}.sk.md`);
    });

    describe.each(['cs', 'en', 'sk'] as const)('%s', (locale) => {
      const source = () => read(name, locale);

      it('has front matter with a 50–170 character description and a valid updated date', () => {
        const { meta, body } = splitFrontMatter(source());
        expect(meta.description, 'description').toBeTruthy();
        const file = `${name}.${locale}.md`;
        expect(meta.description!.length, `${file}: description length`).toBeGreaterThanOrEqual(50);
        expect(meta.description!.length, `${file}: description length`).toBeLessThanOrEqual(170);
        if (meta.updated !== undefined) {
          expect(meta.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
          expect(Number.isNaN(Date.parse(meta.updated))).toBe(false);
        }
        expect(body.trim().length).toBeGreaterThan(0);
      });

      it('links only to parameterless routes of the route table', () => {
        const ids = [...source().matchAll(/\]\(route:([^)#\s]+)(#[^)\s]*)?\)/g)].map((m) => m[1]!);
        for (const id of ids) {
          expect(id in routes, `route:${id} is a route id`).toBe(true);
          expect(patternOf(id as RouteId, locale), `route:${id} has no parameters`).not.toContain('[');
        }
        // a `route:` written any other way would reach the page as a dead link
        expect(source().match(/route:/g)?.length ?? 0).toBe(ids.length);
        expect(() => expandContent(source(), locale, 'cz')).not.toThrow();
      });

      it('uses only known placeholders', () => {
        for (const territory of ['cz', 'sk'] as const) {
          const left = expandContent(splitFrontMatter(source()).body, locale, territory).match(/\{\{[^}]*\}\}/g) ?? [];
          expect(left, `unknown placeholders (${territory})`).toEqual([]);
        }
      });

      it('is written in Latin script (no stray Cyrillic or Greek letters)', () => {
        expect(source().split('\n').filter((line) => /[\u0370-\u03ff\u0400-\u04ff]/.test(line))).toEqual([]);
      });

      if (locale === 'sk') {
        it('has no Czech word outside proper names', () => {
          expect(czechOnly(source(), CZECH_PROPER_NAMES)).toEqual([]);
        });
      }

      if (locale === 'en') {
        it('has no Czech diacritics outside proper names', () => {
          let text = source();
          for (const n of NAMES_WITH_DIACRITICS) text = text.split(n).join('');
          const lines = text.split('\n').filter((line) => DIACRITICS.test(line));
          expect(lines).toEqual([]);
        });
      }
    });
  });
});
