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

/** The newest active header bar of a territory, in English for en and in Czech (the fallback) otherwise; null when none. */
export async function getHeaderBar(db: D1Database, territory: Territory, language: Language): Promise<HeaderBar | null> {
  const row = await activeHeaderBar(db, territory);
  if (!row) return null;
  const en = language === 'en';
  return {
    id: row.id,
    message: (en && row.messageEn) || row.messageCs,
    popup_content: (en && row.popupContentEn) || row.popupContentCs,
    button_text: (en && row.buttonTextEn) || row.buttonTextCs,
    instant: row.instant,
    postpone_days: row.postponeDays,
  };
}
