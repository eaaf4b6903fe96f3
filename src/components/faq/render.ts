/**
 * Markdown from D1 (FAQ answers, news and job bodies) is rendered like the prose pages: the
 * same placeholders and `route:` links. The texts are written by staff, as the header bar's
 * popup content is, so they are trusted HTML.
 */
export { longDate, renderMarkdown } from '../content/markdown';

/** the careers mailbox, named in the job ads and on the careers page */
export const CAREERS_EMAIL = 'kariera@zasilkovac.cz';
