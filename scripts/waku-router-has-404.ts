import type { Plugin } from 'vite';

// Vite plugin: Waku's router (waku/dist/router/client.js, InnerRouter) starts with
// `has404 = false` and sets it to true in an effect once it has read the page's payload, which
// says HAS404 whenever the app has a 404 page. Ours always has one (src/router.tsx registers
// /(notfound)/404; tests/unit/router-has-404.test.ts holds it to that). The state's change
// re-rendered the router after every page's hydration: a new RouterContext value for every
// `useRouter()` (each Link, the cart link, the quote form, whose country selects React then
// re-selected option by option) in one render that does not yield (Lighthouse, 4× slowed phone:
// 70 ms of render and 44 ms of commit on the home page). Starting at true, the effect's
// setHas404(true) changes nothing and renders nothing.

const TARGET = '/node_modules/waku/dist/router/client.js';
const INITIAL = 'const [has404, setHas404] = useState(false);';

export function wakuRouterHas404(): Plugin {
  return {
    name: 'zasilkovac:waku-router-has-404',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!id.split('?')[0]!.endsWith(TARGET)) return null;
      const found = code.split(INITIAL).length - 1;
      if (found !== 1) this.error(`waku/dist/router/client.js: expected InnerRouter's \`${INITIAL}\` once, found it ${found} times (scripts/waku-router-has-404.ts)`);
      return { code: code.replace(INITIAL, 'const [has404, setHas404] = useState(true);'), map: null };
    },
  };
}
