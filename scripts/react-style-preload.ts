import type { Plugin } from 'vite';

// Vite plugin: the preload hint React's server components (react-server-dom 19.2) send for a
// `<link rel="stylesheet">` says `as: "stylesheet"`, which is no preload destination: the
// HTML render then carries `<link rel="preload" as="stylesheet">`, which browsers ignore and
// warn about ("unsupported as value"). The destination of a style sheet is `style`; with it,
// React's HTML renderer also skips the hint when the same sheet is already in the document.
// @vitejs/plugin-rsc renders every CSS file of the page as such a link (src/components/layout/root.tsx
// imports styles.css), so every page had one. This rewrites the one call in React's Flight server.

const TARGET = /react-server-dom[\w-]*\/cjs\/react-server-dom-webpack-server\.[\w]+\.(production|development)\.js$/;
const CALL = 'preload(srcSet, "stylesheet", {';

export function reactStylePreload(): Plugin {
  let patched = false;
  return {
    name: 'zasilkovac:react-style-preload',
    enforce: 'pre',
    transform(code, id) {
      if (!TARGET.test(id.split('?')[0]) || !code.includes(CALL)) return null;
      patched = true;
      return { code: code.replaceAll(CALL, 'preload(srcSet, "style", {'), map: null };
    },
    buildEnd() {
      // a React that no longer has the call needs no patch: say so, so the plugin can go
      if (this.environment?.name === 'rsc' && this.environment.mode === 'build' && !patched) {
        this.warn('react-style-preload: React\'s Flight server has no `as: "stylesheet"` preload any more; scripts/react-style-preload.ts can be removed');
      }
    },
  };
}
