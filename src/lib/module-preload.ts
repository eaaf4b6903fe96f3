/**
 * The browser's `__vitePreload`: what every dynamic `import()` of the client build goes through
 * (waku.config.ts `modulePreloadInSlices` puts it in place of Vite's own helper).
 *
 * Vite's helper adds a `<link rel="modulepreload">` for each file the imported chunk needs, all
 * in one go, after a `document.querySelector` of the whole page for each. Chromium spends about
 * 0.6 ms per such link (measured on this project's 2-core machine, unthrottled), so the home
 * page's idle loading of the comparison (quote-form-loaders.ts: two groups of 23 and 32 files)
 * was one task of 80–120 ms on Lighthouse's 4× slowed phone, counted as blocking time.
 *
 * Here the page's own links are read once per call (one pass over `<head>`), style sheets are
 * added at once (the import waits for them, as Vite's does: a component's styles apply before
 * it renders), and the script hints go in slices of `SLICE` links per task, yielding to the
 * browser between slices. The import itself starts once the style sheets are in; it does not
 * wait for the hints, which only let the browser fetch the files in parallel (an import fetches
 * what a hint already fetched from the browser's module map, not twice).
 *
 * Unlike Vite's: no nonce from a `<meta property=csp-nonce>` (our pages have none; the links are
 * the same as Vite's were), and `modulepreload` always (a browser without it ignores the hint).
 * Kept small: it is part of the home page's JavaScript budget (tests/e2e/budget.test.ts).
 */

/** script hints added in one task (≈ 5 ms unthrottled, ≈ 20 ms on a 4× slowed phone) */
export const SLICE = 8;

/** files already hinted or found in the page (paths as the build names them: /assets/…) */
const seen = new Set<string>();
/** script hints not added yet, in the order they were asked for */
const waiting: string[] = [];
let slicing = false;

function link(href: string, rel: 'modulepreload' | 'stylesheet'): HTMLLinkElement {
  const element = document.createElement('link');
  element.rel = rel;
  if (rel === 'modulepreload') element.as = 'script';
  element.crossOrigin = '';
  element.href = href;
  return element;
}

function addSlice(): void {
  for (const href of waiting.splice(0, SLICE)) document.head.appendChild(link(href, 'modulepreload'));
  // the next slice in a task of its own (the browser paints and answers input in between)
  if (waiting.length > 0) setTimeout(addSlice, 0);
  else slicing = false;
}

function stylesheet(href: string): Promise<void> {
  const element = link(href, 'stylesheet');
  const loaded = new Promise<void>((resolve, reject) => {
    element.addEventListener('load', () => resolve());
    element.addEventListener('error', () => reject(new Error(`Unable to preload CSS for ${href}`)));
  });
  document.head.appendChild(element);
  return loaded;
}

/** a failed load as Vite reports it (src/components/layout/app-watch.tsx listens for it): thrown unless a listener takes it */
function reportPreloadError(error: unknown): void {
  const event = new Event('vite:preloadError', { cancelable: true }) as Event & { payload?: unknown };
  event.payload = error;
  window.dispatchEvent(event);
  if (!event.defaultPrevented) throw error;
}

export function __vitePreload<T>(baseModule: () => Promise<T>, deps?: string[]): Promise<T> {
  const sheets: Promise<void>[] = [];
  if (deps) {
    // the page's links: `any <href>` for every one, `css <href>` for style sheets
    const inPage = new Set<string>();
    for (const element of Array.from(document.getElementsByTagName('link'))) {
      const href = element.getAttribute('href');
      inPage.add(`any ${href}`);
      if (element.rel === 'stylesheet') inPage.add(`css ${href}`);
    }
    for (const dep of deps) {
      const href = `/${dep}`;
      if (seen.has(href)) continue;
      seen.add(href);
      const css = href.endsWith('.css');
      // a style sheet counts only as a stylesheet link; a script as any link to it (the page's modulepreload hints)
      if (inPage.has(`${css ? 'css' : 'any'} ${href}`)) continue;
      if (css) sheets.push(stylesheet(href));
      else waiting.push(href);
    }
    if (!slicing) {
      slicing = true;
      addSlice();
    }
  }
  const settled = Promise.all(sheets.map((sheet) => sheet.then(() => undefined, (error: unknown) => error)));
  return settled.then((errors) => {
    for (const error of errors) if (error !== undefined) reportPreloadError(error);
    return baseModule().catch((error: unknown) => {
      reportPreloadError(error);
      return undefined as T;
    });
  });
}
