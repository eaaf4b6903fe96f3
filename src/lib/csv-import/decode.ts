/**
 * The text of an uploaded file. Spreadsheets save CSV in UTF-8 (with or without a BOM),
 * in the Windows code page of the system (Windows-1250 for Czech and Slovak) or, as
 * "Unicode text", in UTF-16. Bytes that are not valid UTF-8 are read as Windows-1250.
 */

export type CsvEncoding = 'utf-8' | 'windows-1250' | 'utf-16le' | 'utf-16be';

/** how people know the encodings */
export const ENCODING_NAMES: Record<CsvEncoding, string> = { 'utf-8': 'UTF-8', 'windows-1250': 'Windows-1250', 'utf-16le': 'UTF-16', 'utf-16be': 'UTF-16' };

export type DecodeProblem = 'empty' | 'xlsx' | 'binary';

export type Decoded = { ok: true; text: string; encoding: CsvEncoding } | { ok: false; problem: DecodeProblem };

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) => prefix.every((byte, i) => bytes[i] === byte);

/** a zip container: .xlsx, .ods, .docx */
const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** the old binary Office format (.xls) */
const OLE = [0xd0, 0xcf, 0x11, 0xe0];

export function decodeCsv(bytes: Uint8Array): Decoded {
  // Stryker disable next-line ConditionalExpression: no bytes also decode to empty text, answered the same below
  if (bytes.length === 0) return { ok: false, problem: 'empty' };
  if (startsWith(bytes, ZIP) || startsWith(bytes, OLE)) return { ok: false, problem: 'xlsx' };
  if (startsWith(bytes, [0xff, 0xfe])) return text(new TextDecoder('utf-16le').decode(bytes.subarray(2)), 'utf-16le');
  if (startsWith(bytes, [0xfe, 0xff])) return text(new TextDecoder('utf-16be').decode(bytes.subarray(2)), 'utf-16be');
  // text files have no NUL bytes; images, archives and other binaries nearly always do
  if (bytes.subarray(0, 8192).includes(0)) return { ok: false, problem: 'binary' };
  const body = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? bytes.subarray(3) : bytes;
  try {
    return text(new TextDecoder('utf-8', { fatal: true }).decode(body), 'utf-8');
  } catch {
    return text(new TextDecoder('windows-1250').decode(body), 'windows-1250');
  }
}

function text(value: string, encoding: CsvEncoding): Decoded {
  return value.trim() === '' ? { ok: false, problem: 'empty' } : { ok: true, text: value, encoding };
}
