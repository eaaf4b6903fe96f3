/** The languages the API answers in (spec §7 `language` header). */
export const LANGUAGES = ['cs', 'en', 'sk', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
