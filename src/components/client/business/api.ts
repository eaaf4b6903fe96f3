import { apiPost, ApiClientError } from '../../../api/client';
import type { FieldError } from '../../../lib/api-errors';
import type { PickupOrderInput, PickupPlaceInput } from '../../../lib/schemas/business';
import type { PageLocale } from '../../../routes';
import type { ContractView } from '../../../server/services/business/contracts';
import type { PickupPlaceView } from '../../../server/services/business/pickup-places';
import type { PickupView } from '../../../server/services/business/pickups';

/** The browser's calls of v1/contracts, v1/pickup-places and v1/pickups (issue 12 item 6). */

/** PATCH and DELETE, which the shared client does not send; errors as ApiClientError */
async function send<T>(method: 'PATCH' | 'DELETE', path: string, body: unknown, language: PageLocale): Promise<T> {
  const res = await fetch(`/api${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), language },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) {
    const error = (await res.json().catch(() => null)) as { type?: string; message?: string; errors?: FieldError[] } | null;
    throw new ApiClientError(res.status, error?.type ?? 'API_ERROR', error?.message ?? res.statusText, error?.errors ?? []);
  }
  return ((await res.json()) as { data: T }).data;
}

export const activateContract = (token: string, language: PageLocale) => apiPost<{ contract: ContractView; activated: boolean }>('/v1/contracts/activate', { token }, { language });
export const signContract = (id: number, language: PageLocale) => apiPost<ContractView>(`/v1/contracts/${id}/sign`, {}, { language });

export const createPlace = (input: PickupPlaceInput, language: PageLocale) => apiPost<PickupPlaceView>('/v1/pickup-places', input, { language });
export const updatePlace = (id: number, input: PickupPlaceInput, language: PageLocale) => send<PickupPlaceView>('PATCH', `/v1/pickup-places/${id}`, input, language);
export const deletePlace = (id: number, language: PageLocale) => send<{ deleted: true }>('DELETE', `/v1/pickup-places/${id}`, undefined, language);

export const orderPickup = (input: PickupOrderInput, language: PageLocale) => apiPost<PickupView>('/v1/pickups', input, { language });
export const cancelPickup = (id: number, language: PageLocale) => apiPost<PickupView>(`/v1/pickups/${id}/cancel`, {}, { language });

/** the words of a §8 error: its first field code we have a text for, else the generic one */
export function errorText(error: unknown, t: (id: string) => string, fallback: string): string {
  if (error instanceof ApiClientError) {
    for (const e of error.errors) {
      const text = t(e.code);
      if (text !== e.code) return text;
    }
    if (error.status === 404) return t('business.error.not_found');
  }
  return t(fallback);
}
