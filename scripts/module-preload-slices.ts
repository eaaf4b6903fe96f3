import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

// Vite plugin: the browser build's dynamic imports go through src/lib/module-preload.ts instead
// of Vite's own preload helper, which adds all of a chunk's `<link rel="modulepreload">` hints in
// one task (80–120 ms of one task on Lighthouse's 4× slowed phone for the home page's idle
// loading of the comparison); ours adds them in slices, yielding between them. Same export, same
// arguments: Vite still writes each import's list of files (`__vite__mapDeps`).

const HELPER_ID = '\0vite/preload-helper.js';
const HELPER = fileURLToPath(new URL('../src/lib/module-preload.ts', import.meta.url));

export function modulePreloadInSlices(): Plugin {
  let replaced = false;
  return {
    name: 'zasilkovac:module-preload-in-slices',
    apply: 'build',
    // before Vite's vite:build-import-analysis, which would answer the same id with its helper
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    load(id) {
      if (id !== HELPER_ID) return null;
      replaced = true;
      return { code: `export { __vitePreload } from ${JSON.stringify(HELPER)};`, moduleSideEffects: false };
    },
    buildEnd() {
      // a Vite that names its helper otherwise would build with its own: fail instead
      if (!replaced) this.error(`no module imported ${JSON.stringify(HELPER_ID)}: Vite's preload helper has another id now (scripts/module-preload-slices.ts)`);
    },
  };
}
