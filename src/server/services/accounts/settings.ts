import type { CodAccount } from '../../../lib/schemas/services';
import { settingsOf, storeSettings, storeTutorial, tutorialOf, updateUser, type UserRow } from '../../db/repositories/users';

/** spec §3 Settings: what every user has until they change it */
export const COMMON_SETTING_DEFAULTS: Record<string, string | number | boolean | null> = {
  'carriers.showFedexCapacityWarning': false,
  'carriers.showGlsCapacityWarning': false,
  ordersViewMode: 'tiles',
};

/** the user's common settings over the defaults; the new-client-section preference comes from the profile */
export async function commonSettings(db: D1Database, user: UserRow): Promise<Record<string, unknown>> {
  const stored = Object.fromEntries((await settingsOf(db, user.id)).map((s) => [s.key, JSON.parse(s.value) as unknown]));
  return { ...COMMON_SETTING_DEFAULTS, ...stored, [PREFERENCE_KEY]: user.clientSectionPreferNew };
}

/** the common setting that is the profile field (spec §2.8: either one holds the preference) */
const PREFERENCE_KEY = 'clientSectionPreferenceNewClientSection';

export async function saveSettings(db: D1Database, user: UserRow, values: Record<string, string | number | boolean | null>) {
  const { [PREFERENCE_KEY]: preference, ...rest } = values;
  let current = user;
  if (typeof preference === 'boolean') current = (await updateUser(db, user.id, { clientSectionPreferNew: preference })) ?? user;
  await storeSettings(db, user.id, Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, JSON.stringify(v)])));
  return commonSettings(db, current);
}

/** the default COD account of the settings page and the import (null clears it); already checked by CodAccountSchema */
export async function saveDefaultCodAccount(db: D1Database, user: UserRow, account: CodAccount | null): Promise<UserRow> {
  return (await updateUser(db, user.id, { codAccountNumber: account?.accountNumber ?? null, codBankCode: account ? account.bankCode || null : null })) ?? user;
}

export const tutorial = (db: D1Database, user: UserRow) => tutorialOf(db, user.id);
export const updateTutorial = (db: D1Database, user: UserRow, code: string, value: number) => storeTutorial(db, user.id, code, value);
