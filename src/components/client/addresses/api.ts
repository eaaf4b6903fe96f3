import { apiGet, apiPost, ApiClientError } from '../../../api/client';
import { addressToApi } from '../../../lib/address';
import type { FieldError } from '../../../lib/api-errors';
import type { AddressBookEntry, AddressBookInput, AddressBookPage } from '../../../lib/schemas/address-book';
import type { AddressForm } from '../../../lib/schemas/address';
import type { PageLocale } from '../../../routes';

/** The browser's calls of v1/addresses (issue 12). */

/** PATCH and DELETE, which the shared client does not send; errors as ApiClientError */
async function send<T>(method: 'PATCH' | 'DELETE', path: string, body: unknown, language: PageLocale): Promise<T> {
  const res = await fetch(`/api${path}`, {
    method,
    headers: body === undefined ? { language } : { 'content-type': 'application/json', language },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) {
    const error = (await res.json().catch(() => null)) as { type?: string; message?: string; errors?: FieldError[] } | null;
    throw new ApiClientError(res.status, error?.type ?? 'API_ERROR', error?.message ?? res.statusText, error?.errors ?? []);
  }
  return ((await res.json()) as { data: T }).data;
}

/** the request body of a form's address */
export function bookInputOf(address: AddressForm, isDefaultSender: boolean): AddressBookInput {
  const { id: _id, ...api } = addressToApi(address);
  return { ...api, address_type: address.addressType, is_default_sender: isDefaultSender };
}

export const listAddresses = (query: { q?: string; limit?: number; offset?: number }, language: PageLocale, signal?: AbortSignal) => {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.limit) params.set('limit', String(query.limit));
  if (query.offset) params.set('offset', String(query.offset));
  const search = params.toString();
  return apiGet<AddressBookPage>(`/v1/addresses${search ? `?${search}` : ''}`, { language, signal });
};

export const createAddress = (input: AddressBookInput, language: PageLocale) => apiPost<AddressBookEntry>('/v1/addresses', input, { language });
export const updateAddress = (id: number, input: Partial<AddressBookInput>, language: PageLocale) => send<AddressBookEntry>('PATCH', `/v1/addresses/${id}`, input, language);
export const deleteAddress = (id: number, language: PageLocale) => send<{ id: number }>('DELETE', `/v1/addresses/${id}`, undefined, language);
export const makeDefaultSender = (id: number, language: PageLocale) => apiPost<AddressBookEntry>(`/v1/addresses/${id}/default-sender`, {}, { language });
