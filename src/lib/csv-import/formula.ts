/**
 * Spreadsheet formulas in cells (CSV injection): a cell starting with =, @, or with + or -
 * followed by anything but a number or a phone number, runs as a formula when a
 * spreadsheet opens a file that contains it (`=HYPERLINK(...)`, `+cmd|' /C calc'!A0`,
 * `@SUM(...)`). The import never takes such a cell as data: its row is in error until the
 * cell is changed, and the value is only ever shown as plain text.
 */

const TRIGGER = /^[=@+\-\t\r\uFF1D\uFF20\uFF0B\uFF0D]/;
/** '+420 601 234 567', '-12,5' (only a cell starting with + or - is tested against it) */
const NUMBER_LIKE = /^[+-][\d\s\u00A0().,/-]*\d[\d\s\u00A0().,/-]*$/;
/** '-', '--': a dash standing for "none" */
const DASHES = /^-+$/;

export function isFormulaLike(cell: string): boolean {
  const value = cell.replace(/^[ \u00A0]+/, '');
  if (!TRIGGER.test(value)) return false;
  if (value[0] === '+' || value[0] === '-') return !(NUMBER_LIKE.test(value) || DASHES.test(value.trim()));
  return true;
}
