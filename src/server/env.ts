/** Bindings the origin app needs (declared in wrangler.toml). */
export type OriginBindings = {
  DB: D1Database;
  FILES?: R2Bucket;
  /** KV: the edge's API cache; the origin keeps computed price-list rows in it */
  CACHE?: KVNamespace;
  ENVIRONMENT?: string;
  /** address suggestions: only 'local' (bundled CZ/SK places) is implemented */
  MAPS_PROVIDER?: string;
};

export type OriginEnv = { Bindings: OriginBindings };
