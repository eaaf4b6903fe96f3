// Stand-in for `brotli/decompress.js` in the worker bundle (aliased in waku.config.ts).
// fontkit needs brotli only to read WOFF2 fonts; the documents embed TTF, and the real
// decoder would add its ~120 KiB (gzip) dictionary to the worker for nothing.
export default function brotliDecompress(): never {
  throw new Error('WOFF2 fonts are not supported in the worker (embed a TTF)');
}
