import { sql } from 'drizzle-orm';
import { integer } from 'drizzle-orm/sqlite-core';

/** column helpers shared by schema.ts and the area schema files (schema-*.ts) */
export const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
export const flag = (name: string) => integer(name, { mode: 'boolean' });
