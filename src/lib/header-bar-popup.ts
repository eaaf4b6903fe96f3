/**
 * The header-bar popup's postpone marker (spec §4: closed with its button, it stays away for the
 * bar's postpone_days): a cookie per bar. An instant popup opens while the page is parsed unless
 * the cookie is there (openPopupScript, src/components/layout/header-bar.tsx), the popup's button
 * sets it (header-bar-popup.tsx).
 */
export const postponeCookie = (id: number | string) => `popup_${id}_postpone`;

/** JSON for a script's text: `<` escaped, so no value can close the script element */
const scriptJson = (value: string) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The inline script after an instant popup's dialog (spec §4 "shows at start"): it opens the
 * dialog as soon as the parser has read it, unless postponed, so the popup is part of the page's
 * first style, layout and paint. Opened later (after hydration, or when idle since issue 29's
 * fifth session) showModal restyled and laid out the whole parsed page (a 63–91 ms task at 4×
 * thread time on the home page and the cart), and on the cart the popup's text, painted that late,
 * was the largest contentful paint (3.2 s).
 */
export const openPopupScript = (dialogId: string, cookie: string) =>
  `(function(d,c){var p=document.getElementById(d);if(p&&!p.open&&!document.cookie.split('; ').some(function(x){return x.indexOf(c+'=')===0}))try{p.showModal()}catch(e){}})(${scriptJson(dialogId)},${scriptJson(cookie)})`;
