import type { DrawingContext } from 'bwip-js/generic';

/** a black rectangle in bwip's y-down pixel coordinates */
export type BarRect = { x: number; y: number; w: number; h: number };

/**
 * A bwip-js drawing context for linear codes (Code 128) that hands each bar to `bar` as a
 * rectangle, by bwip's own raster rule: a vertical line of width lw covers
 * [x − ceil(lw/2), x + floor(lw/2)). `end` answers what `done` makes of the symbol's size.
 */
export function barRectsDrawing<T>(bar: (r: BarRect) => void, done: (size: { width: number; height: number }) => T, what: string): DrawingContext<T> {
  let width = 0;
  let height = 0;
  const unsupported = () => {
    throw new Error(`${what}: linear codes only`);
  };
  return {
    scale: () => null,
    measure: () => ({ width: 0, ascent: 0, descent: 0 }),
    init(w, h) {
      width = w;
      height = h;
    },
    line(xa, ya, xb, yb, lw) {
      const w = Math.round(lw) || 1;
      if (xa === xb) bar({ x: xa - Math.ceil(w / 2), y: Math.min(ya, yb), w, h: Math.abs(yb - ya) + 1 });
      else bar({ x: Math.min(xa, xb), y: ya - Math.floor(w / 2), w: Math.abs(xb - xa) + 1, h: w });
    },
    polygon: unsupported,
    hexagon: unsupported,
    ellipse: unsupported,
    fill() {},
    text() {},
    end: () => done({ width, height }),
  };
}
