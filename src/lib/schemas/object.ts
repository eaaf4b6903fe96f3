import * as v from 'valibot';

/**
 * valibot's `object`, `looseObject` and `variant`, refusing arrays. valibot 1.x takes any
 * `typeof === 'object'` input as an object, so `packages: [[1, 2]]` became a default parcel
 * and `customs: []` passed. These are the same schemas (entries, pipes, getDefaults, fallbacks
 * and inferred types all work as before) whose run refuses an array with the schema's own
 * message before valibot sees it. Every schema of the project builds objects with these.
 */

type AnySchema = v.BaseSchema<unknown, unknown, v.BaseIssue<unknown>>;

function refusingArrays<S extends AnySchema>(schema: S): S {
  const run = schema['~run'];
  const guarded: S = {
    ...schema,
    '~run'(dataset, config) {
      if (Array.isArray(dataset.value)) {
        v._addIssue(this as unknown as v.BaseSchema<unknown, unknown, v.BaseIssue<unknown>>, 'type', dataset, config);
        return dataset as never;
      }
      return run.call(this, dataset, config);
    },
  };
  return v._standardSchema(guarded as never) as S;
}

export function object<const E extends v.ObjectEntries, const M extends v.ErrorMessage<v.ObjectIssue> | undefined = undefined>(
  entries: E,
  message?: M,
): v.ObjectSchema<E, M> {
  return refusingArrays(v.object(entries, message as M));
}

export function looseObject<const E extends v.ObjectEntries, const M extends v.ErrorMessage<v.LooseObjectIssue> | undefined = undefined>(
  entries: E,
  message?: M,
): v.LooseObjectSchema<E, M> {
  return refusingArrays(v.looseObject(entries, message as M));
}

export function variant<
  const K extends string,
  const O extends v.VariantOptions<K>,
  const M extends v.ErrorMessage<v.VariantIssue> | undefined = undefined,
>(key: K, options: O, message?: M): v.VariantSchema<K, O, M> {
  return refusingArrays(v.variant(key, options, message as M));
}

/**
 * `schema` read under the spec's field names, with older names still accepted: each alias
 * key of an object input becomes its spec name unless the spec name is given too.
 */
export function withAliases<const S extends AnySchema>(aliases: Record<string, string>, schema: S) {
  return v.pipe(
    v.unknown(),
    v.transform((input: unknown) => {
      if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
      const renamed: Record<string, unknown> = { ...(input as Record<string, unknown>) };
      for (const [alias, name] of Object.entries(aliases)) {
        if (alias in renamed && !(name in renamed)) renamed[name] = renamed[alias];
        delete renamed[alias];
      }
      return renamed;
    }),
    schema,
  );
}
