/**
 * The closed accounting years' databases (docs/retention.md, "A D1 database per closed accounting
 * year"): one D1 binding per year, `DB_Y<year>`, listed in the YEAR_DATABASES var (wrangler.toml).
 * Only listed bindings that exist are used, newest year first.
 */
export type YearDatabase = { year: number; binding: string; db: D1Database };
/** the env: YEAR_DATABASES and the bindings it names (read by name, so OriginBindings needs no entry per year) */
export type YearBindings = { YEAR_DATABASES?: string };

export function yearDatabases(env: YearBindings): YearDatabase[] {
  const found: YearDatabase[] = [];
  for (const name of (env.YEAR_DATABASES ?? '').split(',').map((s) => s.trim())) {
    const m = /^DB_Y(\d{4})$/.exec(name);
    const db = m ? ((env as Record<string, unknown>)[name] as D1Database | undefined) : undefined;
    if (m && db) found.push({ year: Number(m[1]), binding: name, db });
  }
  return found.sort((a, b) => b.year - a.year);
}

export function yearDatabase(env: YearBindings, year: number): YearDatabase | undefined {
  return yearDatabases(env).find((y) => y.year === year);
}
