/**
 * The header-bar popup's postpone marker (spec §4: closed with its button, it stays away for the
 * bar's postpone_days): a cookie per bar. The server writes its name on an instant popup's dialog
 * (`data-instant`, src/components/layout/header-bar.tsx); the app start opens that dialog unless
 * the cookie is there (src/state/app-start.ts), the popup's button sets it (header-bar-popup.tsx).
 */
export const postponeCookie = (id: number | string) => `popup_${id}_postpone`;
