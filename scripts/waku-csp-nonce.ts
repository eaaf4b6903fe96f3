import type { Plugin } from 'vite';

// Vite plugin: gives Waku 0.27.5's HTML render the per-response CSP nonce.
//
// Waku's SSR (lib/vite-rsc/ssr.js renderHtmlStream) already puts `options.nonce` on every
// inline script React and rsc-html-stream emit, but 0.27.5's render utilities never pass
// one. This adds `nonce` to that call, read from Waku's request context data, where the
// edge middleware stores it as `cspNonce` (src/server-entry.tsx). Later Waku versions have
// `unstable_setNonce` for the same; when upgrading, drop this plugin for it.
// The build fails if the code it patches is not there, so an upgrade cannot silently lose it.

const TARGET = /waku\/dist\/lib\/utils\/render\.js$/;
const CALL = 'rscPath: options?.rscPath\n';

export function wakuCspNonce(): Plugin {
  let patched = false;
  return {
    name: 'zasilkovac:waku-csp-nonce',
    enforce: 'pre',
    transform(code, id) {
      if (!TARGET.test(id.split('?')[0])) return null;
      if (!code.includes(CALL)) this.error(`waku-csp-nonce: "${CALL.trim()}" not found in ${id}; Waku changed, see scripts/waku-csp-nonce.ts`);
      patched = true;
      return {
        code: `import { getContextData as __cspContextData } from '../context.js';\n${code.replace(CALL, 'rscPath: options?.rscPath,\n                nonce: __cspContextData().cspNonce\n')}`,
        map: null,
      };
    },
    buildEnd() {
      if (this.environment?.name === 'rsc' && this.environment.mode === 'build' && !patched) {
        this.error('waku-csp-nonce: Waku\'s render utilities were not part of the rsc build; inline scripts would have no nonce');
      }
    },
  };
}
