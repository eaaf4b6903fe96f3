import { Marked } from 'marked';
import type { Territory } from '../../lib/types/quote';
import type { PageLocale } from '../../routes';
import { expandContent } from '../content/markdown';

/**
 * Markdown from D1 (FAQ answers, news and job bodies) as HTML, on the server: the same
 * placeholders and `route:` links as the prose pages. The texts are written by staff, as
 * the header bar's popup content is, so they are trusted HTML.
 */
const marked = new Marked({ gfm: true, async: false });

export const renderMarkdown = (source: string, locale: PageLocale, territory: Territory): string =>
  marked.parse(expandContent(source, locale, territory)) as string;

/** '2026-11-16' → '16. listopadu 2026' / 'November 16, 2026' */
export const longDate = (day: string, locale: PageLocale): string =>
  new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : 'cs-CZ', { dateStyle: 'long', timeZone: 'Europe/Prague' }).format(new Date(`${day}T12:00:00Z`));

/** the careers mailbox, named in the job ads and on the careers page */
export const CAREERS_EMAIL = 'kariera@zasilkovac.cz';
