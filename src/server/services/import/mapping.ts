import { readRemembered, type RememberedMapping } from '../../../lib/csv-import/mapping';
import { settingsOf, storeSettings, type UserRow } from '../../db/repositories/users';

/** The import's remembered column mapping lives in the user's settings under this key. */
export const MAPPING_SETTING_KEY = 'import.columnMapping';

export async function rememberedMapping(db: D1Database, user: UserRow): Promise<RememberedMapping> {
  const row = (await settingsOf(db, user.id)).find((setting) => setting.key === MAPPING_SETTING_KEY);
  if (!row) return {};
  try {
    return readRemembered(JSON.parse(row.value));
  } catch {
    return {};
  }
}

export async function saveMapping(db: D1Database, user: UserRow, columns: RememberedMapping): Promise<RememberedMapping> {
  await storeSettings(db, user.id, { [MAPPING_SETTING_KEY]: JSON.stringify(columns) });
  return columns;
}
