import { settingsOf, storeSettings, storeTutorial, tutorialOf, type UserRow } from '../../db/repositories/users';

/** spec §3 Settings: what every user has until they change it */
export const COMMON_SETTING_DEFAULTS: Record<string, string | number | boolean | null> = {
  'carriers.showFedexCapacityWarning': false,
  'carriers.showGlsCapacityWarning': false,
  ordersViewMode: 'tiles',
};

/** the user's common settings over the defaults; the new-client-section preference comes from the profile */
export async function commonSettings(db: D1Database, user: UserRow): Promise<Record<string, unknown>> {
  const stored = Object.fromEntries((await settingsOf(db, user.id)).map((s) => [s.key, JSON.parse(s.value) as unknown]));
  return { ...COMMON_SETTING_DEFAULTS, clientSectionPreferenceNewClientSection: user.clientSectionPreferNew, ...stored };
}

export async function saveSettings(db: D1Database, user: UserRow, values: Record<string, string | number | boolean | null>) {
  await storeSettings(db, user.id, Object.fromEntries(Object.entries(values).map(([k, v]) => [k, JSON.stringify(v)])));
  return commonSettings(db, user);
}

export const tutorial = (db: D1Database, user: UserRow) => tutorialOf(db, user.id);
export const updateTutorial = (db: D1Database, user: UserRow, code: string, value: number) => storeTutorial(db, user.id, code, value);
