/** Bindings the origin app needs (declared in wrangler.toml). */
export type OriginBindings = {
  DB: D1Database;
  FILES?: R2Bucket;
  ENVIRONMENT?: string;
};

export type OriginEnv = { Bindings: OriginBindings };
