'use client';
import { createContext, useContext, type ReactNode } from 'react';

type Messages = Record<string, string>;
const MessagesContext = createContext<Messages>({});

/**
 * Messages for client islands, picked on the server (cs fallback already applied). A page
 * adds the texts of its own islands to the layout's with a provider of its own.
 */
export function MessagesProvider({ messages, children }: { messages: Messages; children: ReactNode }) {
  const outer = useContext(MessagesContext);
  return <MessagesContext.Provider value={{ ...outer, ...messages }}>{children}</MessagesContext.Provider>;
}

/** BCP 47 tags of the page languages (as src/i18n.ts INTL_TAG, which the client does not load) */
const TAGS: Record<string, string> = { cs: 'cs-CZ', en: 'en-US', sk: 'sk-SK', es: 'es-ES' };
/** `{count, plural, one {# kus} few {# kusy} other {# kusů}}` (forms without nested braces) */
const PLURAL = /\{(\w+),\s*plural,\s*((?:[=\w]+\s*\{[^{}]*\}\s*)+)\}/g;

const interpolate = (text: string, values: Record<string, string | number> | undefined, language: string) => {
  if (!values) return text;
  const tag = TAGS[language] ?? TAGS.cs!;
  const plural = text.replace(PLURAL, (m, name: string, body: string) => {
    const n = Number(values[name]);
    if (!(name in values) || !Number.isFinite(n)) return m;
    const forms = Object.fromEntries([...body.matchAll(/([=\w]+)\s*\{([^{}]*)\}/g)].map((f) => [f[1]!, f[2]!]));
    const form = forms[`=${n}`] ?? forms[new Intl.PluralRules(tag).select(n)] ?? forms.other ?? '';
    return form.replace(/#/g, String(n));
  });
  return plural.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
};

/**
 * The page's language (cs, en, sk or es), which the layout hands to the islands as
 * `locale.current`; `fallback` (the links' language) when outside a layout. Slovak and Spanish
 * pages link to Czech paths, so islands ask for this, not their `locale` prop, for the API's
 * language and for formats.
 */
export function useLanguage(fallback: string): string {
  return useContext(MessagesContext)['locale.current'] ?? fallback;
}

/** a small translator for the client: {placeholders} and {n, plural, …} with the page language's plural rules; the full ICU stays on the server */
export function useT() {
  const messages = useContext(MessagesContext);
  const language = messages['locale.current'] ?? 'cs';
  return (id: string, values?: Record<string, string | number>) => interpolate(messages[id] ?? id, values, language);
}
