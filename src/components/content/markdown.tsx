import { Marked } from 'marked';
import { CUSTOMER_CARE } from '../../lib/contacts';
import { OPERATOR } from '../../lib/company';
import { formatDay } from '../../lib/format';
import type { Territory } from '../../lib/types/quote';
import { patternOf, routes, type PageLocale, type RouteId } from '../../routes';
import './markdown.css';

/**
 * Prose pages: Markdown files per locale in src/content/pages/<name>.<locale>.md, rendered on
 * the server (no client JavaScript). Each file is its own chunk, loaded when its page renders.
 *
 * In the text:
 * - `{{operator.name}}` … the site's operator from configuration (lib/company: name, street,
 *   city, zip, ico, dic, dataBox), `{{care.phone}}` / `{{care.email}}` the territory's customer care;
 * - links `route:<route-id>` (optionally `#anchor`) become that route's path in the page's locale,
 *   so a renamed path never leaves a dead link in the prose.
 */
const files = import.meta.glob<string>('../../content/pages/*.md', { query: '?raw', import: 'default' });

const marked = new Marked({ gfm: true, async: false });

export const contentFileKey = (name: string, locale: PageLocale) => `../../content/pages/${name}.${locale}.md`;
export const hasContent = (name: string, locale: PageLocale) => contentFileKey(name, locale) in files;

export function expandContent(source: string, locale: PageLocale, territory: Territory): string {
  const care = CUSTOMER_CARE[territory];
  return source
    .replace(/\{\{operator\.(\w+)\}\}/g, (whole, key: string) => (key in OPERATOR ? String(OPERATOR[key as keyof typeof OPERATOR]) : whole))
    .replace(/\{\{care\.(phone|email)\}\}/g, (_, key: 'phone' | 'email') => care[key])
    .replace(/\(route:([\w-]+)(#[\w-]+)?\)/g, (_, id: string, hash = '') => {
      const path = id in routes ? patternOf(id as RouteId, locale) : null;
      if (!path || path.includes('[')) throw new Error(`route:${id} in a content page is not a route without parameters`);
      return `(${path}${hash})`;
    });
}

export type ContentMeta = { description: string; title?: string; updated?: string };

/** a file's front matter (`---` lines of `key: value` at its top) and its body */
export function splitFrontMatter(source: string): { meta: Record<string, string>; body: string } {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!m) return { meta: {}, body: source };
  const meta = Object.fromEntries(
    m[1]!.split(/\r?\n/).flatMap((line) => {
      const i = line.indexOf(':');
      return i > 0 ? [[line.slice(0, i).trim(), line.slice(i + 1).trim()]] : [];
    }),
  );
  return { meta, body: source.slice(m[0].length) };
}

async function load(name: string, locale: PageLocale): Promise<string> {
  // every page has a Slovak file (tests/unit/content-pages.test.ts); Czech only until one is written
  const file = files[contentFileKey(name, locale)] ?? (locale === 'sk' ? files[contentFileKey(name, 'cs')] : undefined);
  if (!file) throw new Error(`No content file ${name}.${locale}.md`);
  return file();
}

/** a page's description (required), title and last update from its front matter */
export async function readContentMeta(name: string, locale: PageLocale): Promise<ContentMeta> {
  const { meta } = splitFrontMatter(await load(name, locale));
  if (!meta.description) throw new Error(`${name}.${locale}.md has no description in its front matter`);
  return { description: meta.description, title: meta.title, updated: meta.updated };
}

/** Markdown text as HTML with the placeholders and `route:` links expanded (our own texts: files, and staff-written D1 rows) */
export const renderMarkdown = (source: string, locale: PageLocale, territory: Territory): string =>
  marked.parse(expandContent(source, locale, territory)) as string;

/** the Markdown of one page as HTML (throws when the file does not exist: a build-time mistake) */
export async function renderContent(name: string, locale: PageLocale, territory: Territory): Promise<string> {
  return renderMarkdown(splitFrontMatter(await load(name, locale)).body, locale, territory);
}

/** '2026-11-16' → '16.11.2026' / 'Nov 16, 2026' (spec §9 d.M.yyyy; the page's conventions of formatDay) */
export const longDate = (day: string, locale: PageLocale): string => formatDay(day, locale);

/** a rendered Markdown page body */
export async function Markdown({ name, locale, territory }: { name: string; locale: PageLocale; territory: Territory }) {
  const html = await renderContent(name, locale, territory);
  return <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />;
}
