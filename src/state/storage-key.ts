/** Where the persisted configurator state lives, and how long it lasts (spec §4, §9). */
export const STORAGE_KEY = 'zslt_state';
export const STATE_LIFETIME_MS = 60 * 24 * 60 * 60 * 1000;
/** `savedAt` of a state that never expires */
export const NEVER_EXPIRES = -1;
/** dispatched on window after every write of the persisted state in this tab */
export const STATE_WRITTEN_EVENT = 'zslt-state-written';
