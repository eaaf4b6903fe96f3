/**
 * Tracking numbers of this product (spec §5): 12 characters starting IZ, case-insensitive;
 * OP… is an order number. Its own module: the navbar uses it on every page and must not
 * pull the validators' shared chunk with it.
 */
export const TRACKING_NUMBER_LENGTH = 12;
export const TRACKING_NUMBER_PREFIX = 'IZ';

export type TrackingNumberError = 'required' | 'invalid_number_op' | 'invalid_number';

export function trackingNumberError(input: string): TrackingNumberError | null {
  const value = input.trim().toUpperCase();
  if (value === '') return 'required';
  if (value.startsWith('OP')) return 'invalid_number_op';
  if (value.length !== TRACKING_NUMBER_LENGTH || !value.startsWith(TRACKING_NUMBER_PREFIX)) return 'invalid_number';
  return null;
}
