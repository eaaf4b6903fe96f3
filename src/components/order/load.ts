import { apiCall } from '../../api/server';
import type { OrderData } from './types';

/** GET v1/orders/:token; null when there is no such order (a malformed token is none either) */
export async function loadOrder(token: string): Promise<OrderData | null> {
  const res = await apiCall<OrderData>('GET', `/v1/orders/${encodeURIComponent(token)}`);
  if (res.ok) return res.data;
  if (res.status === 404 || res.status === 400) return null;
  throw new Error(`order ${res.status}`);
}
