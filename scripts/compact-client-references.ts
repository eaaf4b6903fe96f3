import type { Plugin } from 'vite';
import path from 'node:path';

// Vite plugin: a smaller table of the client components for the browser.
//
// @vitejs/plugin-rsc lists every client reference of the app (every export of a 'use client'
// module; 54 today) in one module that every page loads with the React runtime, each as its
// own async function around `import()` of the group chunk it lives in. Vite then wraps every
// one of those imports in its preload helper with the group's list of dependencies, so a
// group of ten references carries its import and its dependency list ten times.
//
// This rewrites the generated module (before Vite's import analysis) to one loader per group
// and a table from reference key to group: the same lookups (`default[key]()` resolves to the
// reference's exports), about 0.2 KB gzip less on every page. The plugin checks the shape it
// expects and leaves the module alone, with a warning, when plugin-rsc changes it.

const ID = '\0virtual:vite-rsc/client-references';
const ENTRY = /("[^"]+"|[\w$]+)\s*:\s*async\s*\(\)\s*=>\s*\{\s*const m = await import\(("[^"]+")\);\s*return m\.(export_[\w$]+);\s*\},?/g;

/** the compact module, or null when `code` is not of the shape plugin-rsc 0.5 generates */
export function compactClientReferenceModule(code: string): string | null {
  const body = /^\s*export default \{([\s\S]*)\};\s*$/.exec(code)?.[1];
  if (body === undefined) return null;
  const entries = [...body.matchAll(ENTRY)];
  if (entries.length === 0 || body.replace(ENTRY, '').trim() !== '') return null;
  const groups: string[] = [];
  const table: Record<string, number> = {};
  for (const [, rawKey, group, exportName] of entries) {
    const key = rawKey!.startsWith('"') ? (JSON.parse(rawKey!) as string) : rawKey!;
    if (exportName !== `export_${key}`) return null;
    let index = groups.indexOf(group!);
    if (index < 0) index = groups.push(group!) - 1;
    table[key] = index;
  }
  return [
    `const groups = [${groups.map((g) => `() => import(${g})`).join(',\n')}];`,
    `const table = ${JSON.stringify(table)};`,
    'const references = {};',
    'for (const key in table) references[key] = () => groups[table[key]]().then((m) => m["export_" + key]);',
    'export default references;',
  ].join('\n');
}

export function compactClientReferences(): Plugin {
  return {
    name: 'zasilkovac:compact-client-references',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform: {
      // before Vite's import analysis wraps each import() in its preload helper
      order: 'pre',
      handler(code, id) {
        if (id !== ID) return null;
        const compact = compactClientReferenceModule(code);
        if (compact === null) {
          this.warn('the client reference module has a new shape (@vitejs/plugin-rsc): left as generated; see scripts/compact-client-references.ts');
          return null;
        }
        return { code: compact, map: null };
      },
    },
  };
}

// Vite plugin: `import load from 'virtual:client-reference-group:/src/x.tsx'` is a loader of the
// browser chunk through which a server component's payload reaches the client components of
// x.tsx (plugin-rsc's group of the reference, a small chunk of its own that imports x's chunk).
// Loading x.tsx itself is not enough: after a navigation React still fetches the group's chunk.
// Outside the client build the loader imports x.tsx.
const GROUP_PREFIX = 'virtual:client-reference-group:';
const GROUP_IMPORT = /import\(("virtual:vite-rsc\/client-references\/group\/[^"]+")\)/g;

export function clientReferenceGroups(): Plugin {
  let root = '';
  return {
    name: 'zasilkovac:client-reference-groups',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    resolveId(source) {
      return source.startsWith(GROUP_PREFIX) ? `\0${source}` : null;
    },
    async load(id) {
      if (!id.startsWith(`\0${GROUP_PREFIX}`)) return null;
      const file = path.join(root, id.slice(GROUP_PREFIX.length + 1));
      const loader = (specifier: string) => ({ code: `export default () => import(${JSON.stringify(specifier)});`, map: null });
      if (this.environment.name !== 'client' || this.environment.mode !== 'build') return loader(file);
      const table = await this.load({ id: ID });
      for (const [, group] of (table.code ?? '').matchAll(GROUP_IMPORT)) {
        const info = await this.load({ id: `\0${JSON.parse(group!) as string}`, resolveDependencies: true });
        if (info.importedIds.some((imported) => imported.split('?')[0] === file)) return loader(JSON.parse(group!) as string);
      }
      this.warn(`no client reference group imports ${file}: its loader imports the module itself`);
      return loader(file);
    },
  };
}
