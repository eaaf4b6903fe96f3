// the browser build: the main one reaches for Node's `stream`, which a Worker does not have
import Papa from 'papaparse/papaparse.min.js';
import { MAX_IMPORT_BYTES, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS } from './limits';

/**
 * CSV text → the header and the shipment rows. The delimiter is a semicolon (Czech and
 * Slovak spreadsheets), a comma or a tab (rows pasted from a spreadsheet); quoted cells
 * may hold delimiters, quotes ("") and line breaks. Empty rows are skipped; every row
 * keeps its spreadsheet row number (the header is row 1).
 */

export const DELIMITERS = [';', ',', '\t'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

export type CsvRow = { line: number; cells: string[] };

export type ParseProblem =
  | { problem: 'empty' }
  | { problem: 'too_large'; bytes: number }
  | { problem: 'header_only' }
  | { problem: 'too_many_rows'; rows: number }
  | { problem: 'too_many_columns'; columns: number }
  | { problem: 'unclosed_quote'; line: number };

export type Parsed = { ok: true; delimiter: Delimiter; headers: string[]; rows: CsvRow[] } | ({ ok: false } & ParseProblem);

const isBlankRow = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

const records = (text: string, delimiter: Delimiter, preview = 0) =>
  Papa.parse<string[]>(text, { delimiter, preview, skipEmptyLines: false, header: false, dynamicTyping: false });

/**
 * The delimiter that splits the first rows into the same number of cells (two at least),
 * the most cells winning a tie; a semicolon when nothing splits (a one-column file).
 */
export function detectDelimiter(text: string): Delimiter {
  let best: { delimiter: Delimiter; consistency: number; columns: number } = { delimiter: ';', consistency: -1, columns: 0 };
  for (const delimiter of DELIMITERS) {
    const sample = records(text, delimiter, 20).data.filter((cells) => !isBlankRow(cells));
    const columns = sample[0]?.length ?? 0;
    if (columns < 2) continue;
    const consistency = sample.filter((cells) => cells.length === columns).length / sample.length;
    if (consistency > best.consistency || (consistency === best.consistency && columns > best.columns)) best = { delimiter, consistency, columns };
  }
  return best.delimiter;
}

export function parseCsv(text: string): Parsed {
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') return { ok: false, problem: 'empty' };
  // pasted text has no file size checked before; characters count as bytes here
  if (body.length > MAX_IMPORT_BYTES) return { ok: false, problem: 'too_large', bytes: body.length };
  const delimiter = detectDelimiter(body);
  const result = records(body, delimiter);
  const unclosed = result.errors.find((error) => error.code === 'MissingQuotes');
  if (unclosed) return { ok: false, problem: 'unclosed_quote', line: (unclosed.row ?? 0) + 1 };

  const all = result.data.map((cells, index): CsvRow => ({ line: index + 1, cells }));
  const [header, ...rest] = all.filter((row) => !isBlankRow(row.cells));
  if (!header) return { ok: false, problem: 'empty' };
  const headers = trimTrailingEmpty(header.cells.map((cell) => cell.trim()));
  if (headers.length > MAX_IMPORT_COLUMNS) return { ok: false, problem: 'too_many_columns', columns: headers.length };
  if (rest.length === 0) return { ok: false, problem: 'header_only' };
  if (rest.length > MAX_IMPORT_ROWS) return { ok: false, problem: 'too_many_rows', rows: rest.length };
  return { ok: true, delimiter, headers, rows: rest };
}

/** spreadsheets often save a few empty columns after the last one in use */
function trimTrailingEmpty(cells: string[]): string[] {
  let end = cells.length;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a header has a non-blank cell (blank rows are skipped), so end never reaches 0
  while (end > 0 && cells[end - 1] === '') end--;
  return cells.slice(0, end);
}
