import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** just enough of a document for src/lib/module-preload.ts: links in <head>, their events */
class FakeLink {
  tagName = 'LINK';
  rel = '';
  as = '';
  crossOrigin: string | null = null;
  href = '';
  attributes = new Map<string, string>();
  listeners = new Map<string, () => void>();
  relList = { supports: (rel: string) => rel === 'modulepreload' };
  getAttribute(name: string) {
    return name === 'href' ? this.href : (this.attributes.get(name) ?? null);
  }
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
  addEventListener(type: string, run: () => void) {
    this.listeners.set(type, run);
  }
}

function fakePage(hrefsInPage: { href: string; rel: string }[]) {
  const links: FakeLink[] = hrefsInPage.map(({ href, rel }) => Object.assign(new FakeLink(), { href, rel }));
  const appended: FakeLink[] = [];
  const events: Event[] = [];
  const document = {
    createElement: (tag: string) => Object.assign(new FakeLink(), { tagName: tag.toUpperCase() }),
    getElementsByTagName: (tag: string) => (tag === 'link' ? links : []),
    querySelector: () => null,
    head: {
      appendChild: (link: FakeLink) => {
        links.push(link);
        appended.push(link);
      },
    },
  };
  /** a listener of vite:preloadError that takes the error (as src/components/layout/app-watch.tsx does with a reload) */
  let takes = false;
  const window = {
    dispatchEvent: (event: Event) => {
      events.push(event);
      if (takes) event.preventDefault();
      return !event.defaultPrevented;
    },
  };
  vi.stubGlobal('document', document);
  vi.stubGlobal('window', window);
  return { appended, events, takeErrors: () => (takes = true) };
}

/** the helper with fresh module state (what was hinted is remembered per page) */
const helper = async () => {
  vi.resetModules();
  return import('../../src/lib/module-preload');
};
/** a turn of the event loop for every pending task (MessageChannel messages included) */
const tasks = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};
const deps = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `assets/f${from + i}.js`);

describe("the browser's module preload (Vite's __vitePreload in slices)", () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => vi.unstubAllGlobals());

  it('adds at most SLICE script hints in the calling task and the rest in later tasks, each file once', async () => {
    const { __vitePreload, SLICE } = await helper();
    const { appended } = fakePage([]);
    const loaded = __vitePreload(async () => 'module', deps(20));
    expect(appended).toHaveLength(SLICE);
    expect(appended.every((l) => l.tagName === 'LINK' && l.rel === 'modulepreload' && l.as === 'script' && l.crossOrigin === '')).toBe(true);
    expect(appended.map((l) => l.href)).toEqual(deps(SLICE).map((d) => `/${d}`));
    await expect(loaded).resolves.toBe('module');
    await tasks(5);
    expect(appended.map((l) => l.href)).toEqual(deps(20).map((d) => `/${d}`));
    // the same files again: nothing more
    await __vitePreload(async () => 'again', deps(20));
    await tasks(2);
    expect(appended).toHaveLength(20);
    // nothing left scheduled once the queue is empty
    const slices = vi.spyOn(globalThis, 'setTimeout');
    await tasks(3);
    expect(slices.mock.calls.filter(([run]) => run.name === 'addSlice')).toHaveLength(0);
    slices.mockRestore();
    // the next import's files start at once again (a slice in its own task)
    void __vitePreload(async () => 'next', deps(3, 20));
    expect(appended).toHaveLength(23);
  });

  it('a second import while slices are pending joins the same queue (no second pump, still SLICE per task)', async () => {
    const { __vitePreload, SLICE } = await helper();
    const { appended } = fakePage([]);
    void __vitePreload(async () => 1, deps(10));
    void __vitePreload(async () => 2, deps(10, 10));
    expect(appended).toHaveLength(SLICE);
    await tasks(1);
    expect(appended.length).toBeLessThanOrEqual(2 * SLICE);
    await tasks(5);
    expect(appended).toHaveLength(20);
  });

  it('a file still waiting for its slice is not queued a second time by another import', async () => {
    const { __vitePreload } = await helper();
    const { appended } = fakePage([]);
    void __vitePreload(async () => 1, deps(20));
    void __vitePreload(async () => 2, deps(20));
    await tasks(6);
    expect(appended.map((l) => l.href)).toEqual(deps(20).map((d) => `/${d}`));
  });

  it('a style sheet the page already has as a style sheet is not added again, nor waited for', async () => {
    const { __vitePreload } = await helper();
    const { appended } = fakePage([{ href: '/assets/page.css', rel: 'stylesheet' }]);
    await expect(__vitePreload(async () => 'ok', ['assets/page.css'])).resolves.toBe('ok');
    expect(appended).toHaveLength(0);
  });

  it("skips files the page already links (its modulepreload hints), and a style sheet only when linked as one", async () => {
    const { __vitePreload } = await helper();
    const { appended } = fakePage([
      { href: '/assets/f0.js', rel: 'modulepreload' },
      { href: '/assets/a.css', rel: 'preload' },
    ]);
    const loaded = __vitePreload(async () => 'ok', ['assets/f0.js', 'assets/f1.js', 'assets/a.css']);
    expect(appended.map((l) => [l.rel, l.as, l.href])).toEqual([
      ['stylesheet', '', '/assets/a.css'],
      ['modulepreload', 'script', '/assets/f1.js'],
    ]);
    appended[0]!.listeners.get('load')!();
    await expect(loaded).resolves.toBe('ok');
  });

  it("imports only once the style sheets have loaded (a component's styles before it renders)", async () => {
    const { __vitePreload } = await helper();
    const { appended } = fakePage([]);
    const base = vi.fn(async () => 'module');
    const loaded = __vitePreload(base, ['assets/x.css', 'assets/x.js']);
    await tasks(2);
    expect(base).not.toHaveBeenCalled();
    appended.find((l) => l.rel === 'stylesheet')!.listeners.get('load')!();
    await expect(loaded).resolves.toBe('module');
    expect(base).toHaveBeenCalledOnce();
  });

  it('reports a failed style sheet or import as vite:preloadError, and throws unless a listener takes it', async () => {
    const { __vitePreload } = await helper();
    const { appended, events } = fakePage([]);
    const sheet = __vitePreload(async () => 'module', ['assets/broken.css']);
    appended[0]!.listeners.get('error')!();
    await expect(sheet).rejects.toThrow('Unable to preload CSS for /assets/broken.css');
    expect(events.map((e) => [e.type, (e as Event & { payload?: Error }).payload?.message])).toEqual([['vite:preloadError', 'Unable to preload CSS for /assets/broken.css']]);

    const failed = new TypeError('Failed to fetch dynamically imported module');
    await expect(__vitePreload(() => Promise.reject(failed), [])).rejects.toBe(failed);
    expect((events[1] as Event & { payload?: unknown }).payload).toBe(failed);
  });

  it('a listener that takes the error (preventDefault) leaves the import resolved, without the module', async () => {
    const { __vitePreload } = await helper();
    const { takeErrors } = fakePage([]);
    takeErrors();
    await expect(__vitePreload(() => Promise.reject(new TypeError('Failed to fetch')), [])).resolves.toBeUndefined();
  });

  it('an import without files goes straight to the module', async () => {
    const { __vitePreload } = await helper();
    const { appended } = fakePage([]);
    await expect(__vitePreload(async () => 7)).resolves.toBe(7);
    expect(appended).toHaveLength(0);
  });
});
