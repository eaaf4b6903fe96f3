/** Rows as gzip-compressed JSON lines (the archive's format in R2), and back. */
export async function gzipJsonLines(rows: readonly unknown[]): Promise<Uint8Array> {
  const text = rows.map((row) => JSON.stringify(row)).join('\n') + '\n';
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export async function gunzipJsonLines<T = unknown>(body: ReadableStream<Uint8Array> | ArrayBuffer | Uint8Array): Promise<T[]> {
  const source = (body instanceof ReadableStream ? body : new Blob([body as BlobPart]).stream()) as ReadableStream<BufferSource>;
  const text = await new Response(source.pipeThrough(new DecompressionStream('gzip'))).text();
  return text
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as T);
}
