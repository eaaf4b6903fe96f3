/**
 * One pending quote request at a time (spec §4: a new fetch cancels pending ones).
 * A cancelled request is not an error (spec §8); the caller gets 'cancelled' and must not
 * touch the quotes list.
 */

export type FetchOutcome<T> = { status: 'ok'; value: T } | { status: 'cancelled' } | { status: 'error'; error: unknown };

const isAbortError = (error: unknown) => error instanceof Error && error.name === 'AbortError';

export function createQuoteFetcher() {
  let pending: AbortController | null = null;

  return {
    async run<T>(request: (signal: AbortSignal) => Promise<T>): Promise<FetchOutcome<T>> {
      pending?.abort();
      const controller = new AbortController();
      pending = controller;
      try {
        const value = await request(controller.signal);
        return controller.signal.aborted ? { status: 'cancelled' } : { status: 'ok', value };
      } catch (error) {
        return controller.signal.aborted || isAbortError(error) ? { status: 'cancelled' } : { status: 'error', error };
      } finally {
        if (pending === controller) pending = null;
      }
    },
    cancel(): void {
      pending?.abort();
      pending = null;
    },
  };
}
export type QuoteFetcher = ReturnType<typeof createQuoteFetcher>;
