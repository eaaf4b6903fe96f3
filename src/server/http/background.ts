import type { Context } from 'hono';

/**
 * Work that must finish but must not delay the answer (a report, a cache write): kept alive
 * with waitUntil on workerd; without an execution context (app.request in tests) it runs
 * unawaited. Failures are logged, never thrown into the request.
 */
export function inBackground(c: Context, work: Promise<unknown>, what: string): void {
  const logged = work.catch((error: unknown) => console.error(`${what} failed`, error));
  try {
    c.executionCtx.waitUntil(logged);
  } catch {
    // no ExecutionContext: nothing to extend
  }
}
