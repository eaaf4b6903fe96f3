import { displayFileName, MAX_CLAIM_FILE_BYTES, MAX_CLAIM_FILES, sniffType, storedFileName, type ClaimFileType } from '../../../lib/claim-files';
import { ApiError, type FieldError } from '../../http/errors';
import type { PartHead, PartSink } from '../../http/multipart';

export type StoredClaimFile = { name: string; type: ClaimFileType; size: number; key: string };

/** a text field of the form: the longest (a 5000-character description) fits many times */
const MAX_FIELD_BYTES = 64 * 1024;
const MAX_FIELDS_BYTES = 256 * 1024;

const ignored: PartSink = { write: () => undefined, end: () => undefined };

/**
 * One multipart upload of a claim's form, fed part by part as it streams in: the text fields,
 * and the files, each checked (at most MAX_CLAIM_FILES, each up to MAX_CLAIM_FILE_BYTES, a
 * JPEG, PNG or PDF by its first bytes) and put in R2 under `prefix` with a generated name and
 * the extension of its type, so at most one file is in memory. The client's name is kept only
 * as a display name. Errors are on the field `files`; `discard` removes what was stored when
 * the request fails.
 */
export class ClaimUpload {
  readonly fields: Record<string, string> = {};
  readonly files: StoredClaimFile[] = [];
  readonly errors: FieldError[] = [];
  private fieldBytes = 0;
  private count: number;

  constructor(
    private readonly bucket: R2Bucket | undefined,
    private readonly prefix: string,
    already = 0,
  ) {
    this.count = already;
  }

  readonly part = (head: PartHead): PartSink => {
    if (head.filename === null) return this.field(head.name);
    return head.name === 'files' ? this.file(head.filename) : ignored;
  };

  private fail(code: string, message: string) {
    if (!this.errors.some((e) => e.code === code)) this.errors.push({ field: 'files', code, message });
  }

  private field(name: string): PartSink {
    const chunks: Uint8Array[] = [];
    let size = 0;
    return {
      write: (chunk) => {
        size += chunk.byteLength;
        this.fieldBytes += chunk.byteLength;
        if (size > MAX_FIELD_BYTES || this.fieldBytes > MAX_FIELDS_BYTES) throw new ApiError(413, 'API_PAYLOAD_TOO_LARGE_ERROR', `The form field ${name.slice(0, 40)} is too large`);
        chunks.push(chunk);
      },
      end: () => {
        this.fields[name] ??= new TextDecoder().decode(join(chunks, size));
      },
    };
  }

  private file(filename: string): PartSink {
    let chunks: Uint8Array[] = [];
    let size = 0;
    return {
      write: (chunk) => {
        size += chunk.byteLength;
        // over the limit: the rest of the file is read past, never kept
        if (size > MAX_CLAIM_FILE_BYTES) chunks = [];
        else chunks.push(chunk);
      },
      end: async () => {
        // an empty file input sends a part without a name or bytes
        if (size === 0 && filename === '') return;
        const name = displayFileName(filename);
        if (++this.count > MAX_CLAIM_FILES) return this.fail('claims.error.file_count', `At most ${MAX_CLAIM_FILES} files per claim`);
        if (size === 0 || size > MAX_CLAIM_FILE_BYTES) return this.fail('claims.error.file_size', `${name}: empty or larger than ${MAX_CLAIM_FILE_BYTES} bytes`);
        const bytes = join(chunks, size);
        chunks = [];
        const type = sniffType(bytes);
        if (!type) return this.fail('claims.error.file_type', `${name}: not a JPEG, PNG or PDF`);
        // the request fails anyway: nothing more is stored
        if (this.errors.length > 0) return;
        if (!this.bucket) throw new ApiError(503, 'API_UNAVAILABLE_ERROR', 'File storage is not available');
        const key = `${this.prefix}${storedFileName(type, crypto.randomUUID().replace(/-/g, ''))}`;
        await this.bucket.put(key, bytes, { httpMetadata: { contentType: type } });
        this.files.push({ name, type, size, key });
      },
    };
  }

  /** removes the files this upload stored (the request failed) */
  async discard(): Promise<void> {
    const keys = this.files.splice(0).map((f) => f.key);
    if (keys.length > 0 && this.bucket) await this.bucket.delete(keys);
  }
}

function join(chunks: readonly Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}
