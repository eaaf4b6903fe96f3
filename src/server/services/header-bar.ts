import type { Territory } from '../../lib/types/quote';
import { activeHeaderBar } from '../db/repositories/content';
import type { Language } from './countries';

export type HeaderBar = {
  id: number;
  message: string;
  popup_content: string | null;
  button_text: string | null;
  instant: boolean;
  postpone_days: number;
};

/**
 * The newest active header bar of a territory in the request's language: English, Slovak or
 * Spanish where the row has that text, else Czech (the source and fallback, spec §1) — each of
 * message, popup and button whole, so no text mixes two languages. Null when none is active.
 */
export async function getHeaderBar(db: D1Database, territory: Territory, language: Language): Promise<HeaderBar | null> {
  const row = await activeHeaderBar(db, territory);
  if (!row) return null;
  const texts = {
    cs: { message: row.messageCs, popup: row.popupContentCs, button: row.buttonTextCs },
    en: { message: row.messageEn, popup: row.popupContentEn, button: row.buttonTextEn },
    sk: { message: row.messageSk, popup: row.popupContentSk, button: row.buttonTextSk },
    es: { message: row.messageEs, popup: row.popupContentEs, button: row.buttonTextEs },
  }[language];
  // one language for the whole bar: a row without the message in that language is shown in Czech
  const t = texts.message ? texts : { message: row.messageCs, popup: row.popupContentCs, button: row.buttonTextCs };
  return {
    id: row.id,
    message: t.message!,
    popup_content: t.popup || row.popupContentCs,
    button_text: t.button || row.buttonTextCs,
    instant: row.instant,
    postpone_days: row.postponeDays,
  };
}
