/**
 * D1 binds at most 100 parameters to one statement: a list of ids longer than that goes in parts.
 * 90 leaves room for the rest of a WHERE (a carrier's code, a status).
 */
export const PARAMS_PER_STATEMENT = 90;

/** `xs` in consecutive parts of at most `size` */
export const chunks = <T>(xs: readonly T[], size: number = PARAMS_PER_STATEMENT): T[][] =>
  Array.from({ length: Math.ceil(xs.length / size) }, (_, i) => xs.slice(i * size, (i + 1) * size));
