/** The languages the API answers in (spec §7 `language` header). */
export const LANGUAGES = ['cs', 'en', 'sk', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The languages of orders, e-mails and documents (issue 26): sk is whole there. */
export const CONTENT_LANGUAGES = ['cs', 'sk', 'en'] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];
/** a request's language as a content language (es, having no documents, falls back to cs) */
export const contentLanguageOf = (language: string | null | undefined): ContentLanguage => (language === 'en' || language === 'sk' ? language : 'cs');
/** the path locale of a link in that language: the root (cs) paths speak Slovak on the Slovak host */
export const pathLocaleOf = (language: ContentLanguage): 'cs' | 'en' => (language === 'en' ? 'en' : 'cs');
