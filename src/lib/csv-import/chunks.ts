/**
 * Work on many rows without freezing the page: rows are handled for at most `sliceMs` at a
 * time, then `pause` lets the browser paint and take input (and the progress bar move)
 * before the next slice. A slow device does fewer rows per slice, never a longer freeze.
 */
export async function mapInSlices<T, R>(
  items: readonly T[],
  fn: (item: T, index: number) => R,
  options: {
    pause: () => Promise<void>;
    sliceMs?: number;
    now?: () => number;
    onProgress?: (done: number, total: number) => void;
    signal?: AbortSignal;
  },
): Promise<R[]> {
  const { pause, sliceMs = 25, now = () => performance.now() } = options;
  const results: R[] = [];
  let i = 0;
  while (i < items.length) {
    if (options.signal?.aborted) throw new DOMException('The work was cancelled', 'AbortError');
    const started = now();
    do {
      results.push(fn(items[i]!, i));
      i++;
    } while (i < items.length && now() - started < sliceMs);
    options.onProgress?.(i, items.length);
    if (i < items.length) await pause();
  }
  return results;
}

/** The browser's pause: a macrotask, so rendering and input run in between. */
export const yieldToBrowser = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
