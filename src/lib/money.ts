/** Money arithmetic at the edges (spec §5: money is rounded to 2 decimals). */

/**
 * Rounds half away from zero. The scaled value is cut to 15 significant digits first so
 * binary noise does not decide the rounding: 1.005 becomes 1.01, not 1.
 */
export function roundMoney(value: number, decimals = 2): number {
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** decimals;
  const magnitude = Math.round(Number((Math.abs(value) * factor).toPrecision(15))) / factor;
  return value < 0 && magnitude !== 0 ? -magnitude : magnitude;
}
