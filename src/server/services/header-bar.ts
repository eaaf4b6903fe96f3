import type { Territory } from '../../lib/types/quote';
import type { Language } from './countries';

export type HeaderBar = {
  id: number;
  message: string;
  popup_content: string | null;
  button_text: string | null;
  instant: boolean;
  postpone_days: number;
};

type HeaderBarRow = {
  id: number;
  message_cs: string;
  message_en: string;
  popup_content_cs: string | null;
  popup_content_en: string | null;
  button_text_cs: string | null;
  button_text_en: string | null;
  instant: number;
  postpone_days: number;
};

/** The newest active header bar of a territory, in English for en and in Czech (the fallback) otherwise; null when none. */
export async function getHeaderBar(db: D1Database, territory: Territory, language: Language): Promise<HeaderBar | null> {
  const row = await db
    .prepare('SELECT * FROM header_bar WHERE territory = ? AND active = 1 ORDER BY id DESC LIMIT 1')
    .bind(territory)
    .first<HeaderBarRow>();
  if (!row) return null;
  const en = language === 'en';
  return {
    id: row.id,
    message: (en && row.message_en) || row.message_cs,
    popup_content: (en && row.popup_content_en) || row.popup_content_cs,
    button_text: (en && row.button_text_en) || row.button_text_cs,
    instant: row.instant === 1,
    postpone_days: row.postpone_days,
  };
}
