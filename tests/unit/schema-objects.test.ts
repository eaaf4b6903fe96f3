import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { looseObject, object } from '../../src/lib/schemas/object';

/**
 * Every schema exported from src/lib/schemas, swept at every position where it expects an
 * object: an array, a number or a string there (null too, where null is not allowed) must
 * fail with an issue on that very path. The positions are found by walking the schemas,
 * so a schema added later is swept without listing it here; an exported schema factory
 * (`fooSchema(…)`) needs sample arguments in FACTORY_SAMPLES, and the test says so.
 * What a fallback wraps (stored state) is swept as a schema of its own, since the fallback
 * itself answers any input by design.
 */
const modules = import.meta.glob<Record<string, unknown>>('../../src/lib/schemas/*.ts', { eager: true });

type Schema = v.GenericSchema & Record<string, unknown>;
type Key = string | number;
/** extras[d]: keys the object at depth d must carry to be reached (a variant's discriminator) */
/** unionAt: where the nearest enclosing union is; a union reports its options' failures there */
type Position = { path: Key[]; extras: Record<number, Record<string, unknown>>; nullable: boolean; inUnion: boolean; unionAt?: Key[] };

const OBJECT_TYPES = new Set(['object', 'loose_object', 'strict_object', 'object_with_rest', 'variant']);
const WRAPPERS = new Set(['optional', 'nullish', 'nullable', 'exact_optional', 'non_optional', 'non_nullable', 'non_nullish', 'undefinedable']);
const NULL_OK = new Set(['nullish', 'nullable']);

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'schema' && typeof (value as Record<string, unknown>)['~run'] === 'function';

/** what fallbacks met by the walk wrap: swept as roots of their own */
const fallbackInner = new Map<Schema, string>();

/** object positions of a schema; a fallback ends the walk (its inner schema is noted in fallbackInner) */
function positions(schema: Schema, at: Position = { path: [], extras: {}, nullable: false, inUnion: false }, depth = 0, name = ''): Position[] {
  if (depth > 12) return [];
  if ('fallback' in schema) {
    if (WRAPPERS.has(schema.type as string) && !fallbackInner.has(schema.wrapped as Schema)) {
      fallbackInner.set(schema.wrapped as Schema, `${name} ${JSON.stringify(at.path)} (under a fallback)`);
    }
    return [];
  }
  const type = schema.type as string;
  if (WRAPPERS.has(type)) return positions(schema.wrapped as Schema, { ...at, nullable: at.nullable || NULL_OK.has(type) }, depth + 1, name);
  if (type === 'union') return (schema.options as Schema[]).flatMap((o) => positions(o, { ...at, inUnion: true, unionAt: at.path }, depth + 1, name));
  const child = (key: Key, extras = at.extras): Position => ({ path: [...at.path, key], extras, nullable: false, inUnion: false, unionAt: at.unionAt });
  if (type === 'array') return positions(schema.item as Schema, child(0), depth + 1, name);
  if (!OBJECT_TYPES.has(type)) return [];
  if (type === 'variant') {
    const key = schema.key as string;
    return [
      at,
      ...(schema.options as Schema[]).flatMap((option) => {
        const entries = option.entries as Record<string, Schema>;
        const extras = { ...at.extras, [at.path.length]: { [key]: (entries[key] as { literal?: unknown }).literal } };
        return Object.entries(entries)
          .filter(([k]) => k !== key)
          .flatMap(([k, entry]) => positions(entry, child(k, extras), depth + 1, name));
      }),
    ];
  }
  return [at, ...Object.entries(schema.entries as Record<string, Schema>).flatMap(([k, entry]) => positions(entry, child(k), depth + 1, name))];
}

function inputAt({ path, extras }: Position, value: unknown): unknown {
  const build = (d: number): unknown => {
    if (d === path.length) return value;
    const key = path[d]!;
    return typeof key === 'number' ? [build(d + 1)] : { ...extras[d], [key]: build(d + 1) };
  };
  return build(0);
}

const issuePath = (issue: v.BaseIssue<unknown>) => (issue.path ?? []).map((p) => p.key as Key);

/** sample arguments of every exported schema factory */
const FACTORY_SAMPLES: Record<string, unknown[][]> = {
  'address.ts:addressLevelSchema': [[0], [1], [2]],
  'services.ts:servicesSchema': [[{ from: 'cz', to: 'cz' }], [{ from: 'cz', to: 'sk' }]],
};

const exported = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports).map(([name, value]) => ({ name: `${file.split('/').pop()}:${name}`, value })),
);
const factories = exported.filter(({ name, value }) => typeof value === 'function' && name.endsWith('Schema'));
const schemas = [
  ...exported.filter(({ name, value }) => name.endsWith('Schema') && isSchema(value)).map(({ name, value }) => ({ name, schema: value as Schema })),
  ...factories.flatMap(({ name, value }) =>
    (FACTORY_SAMPLES[name] ?? []).map((args) => ({ name: `${name}(${JSON.stringify(args).slice(1, -1)})`, schema: (value as (...a: unknown[]) => Schema)(...args) })),
  ),
];
const swept = schemas.map(({ name, schema }) => ({ name, schema, positions: positions(schema, undefined, 0, name) }));
// what fallbacks wrap, found while walking; a Map iterates the entries added meanwhile too (fallbacks inside those)
for (const [schema, name] of fallbackInner) {
  if (!swept.some((s) => s.schema === schema)) swept.push({ name, schema, positions: positions(schema, undefined, 0, name) });
}
const withObjects = swept.filter((s) => s.positions.length > 0);

describe('objects must be objects, in every schema', () => {
  it('has sample arguments for every exported schema factory', () => {
    expect(factories.map((f) => f.name).filter((name) => !(name in FACTORY_SAMPLES))).toEqual([]);
  });

  it('finds the request schemas to sweep', () => {
    const names = withObjects.map((s) => s.name);
    for (const expected of ['quote.ts:QuoteRequestSchema', 'quote.ts:QuoteDetailRequestSchema', 'quote.ts:RatesListRequestSchema', 'app.ts:HandshakeSchema', 'app.ts:ErrorReportSchema', 'shipping-data.ts:TimeWindowsSchema']) {
      expect(names).toContain(expected);
    }
    expect(names.some((name) => name.startsWith('draft.ts:ShipmentDraftSchema ["content"]'))).toBe(true);
    expect(withObjects.reduce((n, s) => n + s.positions.length, 0)).toBeGreaterThan(60);
  });

  for (const { name, schema, positions: list } of withObjects) {
    it(`${name}: refuses arrays, numbers, strings and (where not allowed) null at each of its ${list.length} object positions`, () => {
      for (const position of list) {
        const hostile: unknown[] = [[], [[1, 2]], [{}]];
        if (!position.inUnion) hostile.push(42, 'text');
        if (!position.nullable && !position.inUnion) hostile.push(null);
        for (const value of hostile) {
          const path = position.path;
          const result = v.safeParse(schema, inputAt(position, value));
          const where = `${name} at ${JSON.stringify(path)} with ${JSON.stringify(value)}`;
          expect(result.success, where).toBe(false);
          const paths = (result.issues ?? []).map((i) => JSON.stringify(issuePath(i)));
          const expected = [JSON.stringify(path), ...(position.unionAt ? [JSON.stringify(position.unionAt)] : [])];
          expect(paths.some((p) => expected.includes(p)), `${where}: issues at ${paths.join(' ')}`).toBe(true);
        }
      }
    });
  }

  it('builds objects only with the helper (src/lib/schemas/object.ts), everywhere', () => {
    const root = path.resolve(import.meta.dirname, '../../src');
    const files = (readdirSync(root, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f) && !f.endsWith(path.join('schemas', 'object.ts')));
    const offenders = files.filter((f) => /\bv\.(object|looseObject|strictObject|objectWithRest|variant)\(/.test(readFileSync(path.join(root, f), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('leaves valid objects alone', () => {
    const request = { from: { country: 'cz' }, to: { country: 'cz' }, packages: [{ weight: 1 }] };
    const quote = schemas.find((s) => s.name === 'quote.ts:QuoteRequestSchema')!.schema;
    expect(v.safeParse(quote, request).success).toBe(true);
  });
});

describe('object helper', () => {
  it('is a drop-in valibot object: entries, defaults, pipes, fallbacks and the standard interface', async () => {
    const base = object({ a: v.optional(v.string(), 'x') }, 'validation.object');
    const extended = v.pipe(
      object({ ...base.entries, b: v.number() }),
      v.forward(v.partialCheck([['b']], ({ b }) => b > 0, 'validation.too_low'), ['b']),
    );
    expect(v.getDefaults(base)).toEqual({ a: 'x' });
    expect(v.parse(extended, { b: 1 })).toEqual({ a: 'x', b: 1 });
    expect(v.safeParse(extended, { b: -1 }).issues?.map((i) => [i.message, i.path?.[0]?.key])).toEqual([['validation.too_low', 'b']]);
    expect(v.parse(v.fallback(base, { a: 'fallback' }), [])).toEqual({ a: 'fallback' });
    expect(v.safeParse(base, []).issues?.map((i) => i.message)).toEqual(['validation.object']);
    expect(v.safeParse(looseObject({}), [1]).success).toBe(false);
    expect(v.parse(looseObject({}), { extra: 1 })).toEqual({ extra: 1 });
    const standard = await base['~standard'].validate([]);
    expect('issues' in standard && standard.issues?.length).toBe(1);
  });
});
