import { describe, expect, it } from 'vitest';
import { compactClientReferenceModule } from '../../scripts/compact-client-references';

// the shape @vitejs/plugin-rsc 0.5 generates for the browser's client reference table
const generated = (entries: [key: string, group: string][]) =>
  `export default {${entries
    .map(
      ([key, group]) => `                ${JSON.stringify(key)}: async () => {
                  const m = await import(${JSON.stringify(`virtual:vite-rsc/client-references/group/${group}`)});
                  return m.export_${key};
                },
              `,
    )
    .join('')}};\n`;

/** runs a compact module with its imports answered from `groups` */
async function load(code: string, groups: Record<string, Record<string, unknown>>) {
  const body = code
    .replace(/import\(("[^"]+")\)/g, (_, g: string) => `load(${g})`)
    .replace('export default references;', 'return references;');
  const load = async (id: string) => groups[id.split('/group/')[1]!];
  return new Function('load', body)(load) as Record<string, () => Promise<unknown>>;
}

describe('the compact client reference table', () => {
  const entries: [string, string][] = [
    ['847a2b1045ef', 'layout'],
    ['6d786e16fc6b', 'layout'],
    ['c70e0c0bd312', 'cart'],
  ];

  it('keeps one import per group and resolves every key to its own exports', async () => {
    const compact = compactClientReferenceModule(generated(entries))!;
    expect(compact.match(/import\(/g)).toHaveLength(2);
    const references = await load(compact, {
      layout: { export_847a2b1045ef: { Navbar: 'n' }, export_6d786e16fc6b: { Footer: 'f' } },
      cart: { export_c70e0c0bd312: { Cart: 'c' } },
    });
    expect(Object.keys(references)).toEqual(entries.map(([key]) => key));
    expect(await references['847a2b1045ef']!()).toEqual({ Navbar: 'n' });
    expect(await references['6d786e16fc6b']!()).toEqual({ Footer: 'f' });
    expect(await references.c70e0c0bd312!()).toEqual({ Cart: 'c' });
  });

  it('leaves a module of another shape alone', () => {
    expect(compactClientReferenceModule('export default {}')).toBeNull();
    expect(compactClientReferenceModule(generated(entries).replace('return m.export_847a2b1045ef', 'return m.other'))).toBeNull();
    expect(compactClientReferenceModule(generated(entries).replace('export default {', 'export default { x: 1,'))).toBeNull();
  });
});
