// Bindings of the `worker` vitest project (vitest.config.ts). `env` from cloudflare:test is typed
// as Cloudflare.Env in @cloudflare/vitest-plugin 1.x (the old ProvidedEnv interface is gone).
declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import('cloudflare:test').D1Migration[];
    TEST_YEAR_MIGRATIONS: import('cloudflare:test').D1Migration[];
    DB: D1Database;
    DB_Y2025: D1Database;
    YEAR_DATABASES: string;
    CACHE: KVNamespace;
    FILES: R2Bucket;
    CZ_HOST: string;
    SK_HOST: string;
    ENVIRONMENT: string;
    BUILD_VERSION: string;
    SESSION_SECRET: string;
    PASSWORD_PEPPER: string;
    SANDBOX_IDP_JWK: string;
    LOCAL_DEV?: string;
    MAIL: SendEmail;
    MAIL_FROM: string;
    TRACKING_QUEUE: Queue;
    MAIL_QUEUE: Queue;
    COMPANY_REGISTER: string;
    FUZZ_RUNS?: string;
    FUZZ_SEED?: string;
  }
}
