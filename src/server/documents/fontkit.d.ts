// fontkit 2.x ships no types; the adapter (./fontkit-adapter.ts) needs only create().
declare module 'fontkit' {
  export function create(buffer: Uint8Array, postscriptName?: string): unknown;
}
