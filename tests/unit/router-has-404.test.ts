import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Plugin } from 'vite';
import { wakuRouterHas404 } from '../../scripts/waku-router-has-404';

const WAKU_ROUTER = 'node_modules/waku/dist/router/client.js';
const transform = (plugin: Plugin, code: string, id: string) => {
  const hook = plugin.transform as (this: { error: (message: unknown) => never }, code: string, id: string) => { code: string } | null;
  return hook.call({ error: (message: unknown) => { throw new Error(String(message)); } }, code, id);
};

describe("Waku's router starts knowing the app has a 404 page (scripts/waku-router-has-404.ts)", () => {
  it('the app registers its 404 page: the premise of starting at has404 = true', () => {
    // waku's define-router sends HAS404 in every payload once a /404 page exists; without one, the patch would be wrong
    expect(readFileSync('src/router.tsx', 'utf8')).toMatch(/addPage\(\{[^}]*path: '\/\(notfound\)\/404'/);
  });

  it("rewrites the installed router's initial state once, and only that file", () => {
    const plugin = wakuRouterHas404();
    const code = readFileSync(WAKU_ROUTER, 'utf8');
    const out = transform(plugin, code, `/work/x/${WAKU_ROUTER}?v=1`)!.code;
    expect(out).toContain('const [has404, setHas404] = useState(true);');
    expect(out).not.toContain('useState(false);\n    const requestedRouteRef');
    expect(out.length).toBe(code.length - 1);
    expect(transform(plugin, code, '/work/x/node_modules/waku/dist/router/server.js')).toBeNull();
  });

  it('fails the build when the router no longer has that line (a Waku update)', () => {
    expect(() => transform(wakuRouterHas404(), 'const [has404] = useState(false);', `/x/${WAKU_ROUTER}`)).toThrow(/expected InnerRouter/);
  });
});
