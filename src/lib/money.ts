/** Money arithmetic at the edges (spec §5: money is rounded to 2 decimals). */

/**
 * Rounds half away from zero. The scaled value is cut to 15 significant digits first so
 * binary noise does not decide the rounding: 1.005 becomes 1.01, not 1. A negative amount
 * that rounds to nothing is 0, not -0 (`+ 0`); NaN and ±Infinity come out as they went in.
 */
export function roundMoney(value: number, decimals = 2): number {
  const factor = 10 ** decimals;
  const magnitude = Math.round(Number((Math.abs(value) * factor).toPrecision(15))) / factor;
  return Math.sign(value) * magnitude + 0;
}
