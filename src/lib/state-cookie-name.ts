/** The state cookie's name alone: code that only clears the cookie must not load its schemas (client bundle weight). */
export const STATE_COOKIE_NAME = 'zslt_state';
