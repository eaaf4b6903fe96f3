import { ApiClientError } from '../../api/client';
import type { FieldError } from '../../lib/api-errors';

/** POSTs a multipart body to the API (the claims' uploads); §8 errors are thrown like the JSON client's */
export async function apiUpload<T>(path: string, form: FormData, language: string): Promise<T> {
  const res = await fetch(`/api${path}`, { method: 'POST', body: form, headers: { language } });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { type?: string; message?: string; errors?: FieldError[] } | null;
    throw new ApiClientError(res.status, body?.type ?? 'API_ERROR', body?.message ?? res.statusText, body?.errors ?? []);
  }
  return ((await res.json()) as { data: T }).data;
}

export const MAX_FILES = 10;
export const MAX_FILE_MB = 10;
export const FILE_ACCEPT = '.jpg,.jpeg,.png,.pdf';

export const formatSize = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`);
