/**
 * Attachments of a claim: their type is read from their first bytes, never from the name or
 * the declared type (an .exe renamed photo.jpg is refused). Pure: the edge, the origin's
 * middleware and the client import the limits from here.
 */
export const CLAIM_FILE_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type ClaimFileType = (typeof CLAIM_FILE_TYPES)[number];

export const MAX_CLAIM_FILES = 10;
export const MAX_CLAIM_FILE_BYTES = 10 * 1024 * 1024;
/** one upload request: every file at its limit plus 1 MB for the fields and the multipart framing */
export const MAX_CLAIM_UPLOAD_BYTES = MAX_CLAIM_FILES * MAX_CLAIM_FILE_BYTES + 1024 * 1024;

const startsWith = (bytes: Uint8Array, magic: readonly number[]) => bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

/** the file's type by its content, or null for anything else */
export function sniffType(bytes: Uint8Array): ClaimFileType | null {
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, PDF)) return 'application/pdf';
  return null;
}

/** the claims' multipart endpoints (POST): a new claim and a message of a claim; their bodies are streamed, never buffered whole */
export const isClaimFilesPath = (pathname: string) => /^\/api\/v1\/claims(?:\/[A-Za-z0-9_-]{1,100}\/messages)?$/.test(pathname);

/** the multipart endpoints (POST): a new claim, a message of a claim and a customs invoice of the customs step */
export const isClaimUploadPath = (pathname: string) => isClaimFilesPath(pathname) || pathname === CUSTOMS_INVOICE_PATH;

/** the customs step's invoice upload (POST, multipart with one file): buffered at the edge, so its limit is one file's */
export const CUSTOMS_INVOICE_PATH = '/api/v1/shipments/customs-invoice';
export const MAX_CUSTOMS_INVOICE_UPLOAD_BYTES = MAX_CLAIM_FILE_BYTES + 64 * 1024;

export const CLAIM_FILE_EXTENSIONS: Record<ClaimFileType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' };

/**
 * A client's file name as it may be shown: only its last path segment, without control,
 * bidi or invisible formatting characters (an RLO turns 'invoice\u202Egnp.exe' into
 * 'invoiceexe.png' on screen) and without the characters of paths and shells.
 */
export function displayFileName(name: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/^.*[\\/]/, '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/g, '')
    .replace(/[\\/:*?"<>|]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  return (cleaned || 'file').slice(0, 120);
}

/** the name a claim's file is stored and downloaded under: generated, with the extension of its sniffed type */
export const storedFileName = (type: ClaimFileType, id: string) => `${id}.${CLAIM_FILE_EXTENSIONS[type]}`;

/** a file name safe to store and to send back in content-disposition */
export function safeFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = name.replace(/^.*[\\/]/, '').replace(/[\u0000-\u001f\u007f"\\]/g, '').trim();
  return (cleaned || 'file').slice(0, 200);
}
