// fontkit 2.x ships no types; tests/unit/ttf.test.ts (fontkit as the reference for ./ttf.ts) needs only create().
declare module 'fontkit' {
  export function create(buffer: Uint8Array, postscriptName?: string): unknown;
}
