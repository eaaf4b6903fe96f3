import type { UserRow } from '../../db/repositories/users';
import { ApiError, validationError } from '../../http/errors';

/** The §8 answers of the business calls; each code is the translation id of its words. */
const coded = (status: 403 | 404 | 409 | 503, type: ApiError['type'], message: string, field: string, code: string) =>
  new ApiError(status, type, message, [{ field, code, message: code }]);

export const contractRequired = () =>
  coded(403, 'API_FORBIDDEN_ERROR', 'Pickups and pickup places are for customers with a contract', 'contract', 'business.error.contract_required');

/** pickups and pickup places are for users with an active contract */
export function requireContract(user: UserRow) {
  if (!user.hasContract) throw contractRequired();
}

export const tokenUnknown = () => coded(404, 'API_NOT_FOUND_ERROR', 'No contract has this activation link', 'token', 'business.error.token_unknown');
export const tokenUsed = () => coded(409, 'API_CONFLICT_ERROR', 'This activation link has already been used', 'token', 'business.error.token_used');
export const notSignable = () => coded(409, 'API_CONFLICT_ERROR', 'A terminated contract cannot be signed', 'contract', 'business.error.not_signable');
export const placeInUse = () => coded(409, 'API_CONFLICT_ERROR', 'The place has pickups ordered; cancel them first', 'place', 'business.error.place_in_use');
export const tooManyPlaces = () => coded(409, 'API_CONFLICT_ERROR', 'Too many pickup places', 'place', 'business.error.too_many_places');
export const notCancellable = (message = 'The pickup is past its order cut-off') => coded(409, 'API_CONFLICT_ERROR', message, 'pickup', 'business.error.not_cancellable');
export const carrierRefused = (message: string) => coded(409, 'API_CONFLICT_ERROR', message, 'carrier', 'business.error.carrier_refused');
export const carrierDown = (message: string) => coded(503, 'API_UNAVAILABLE_ERROR', message, 'carrier', 'business.error.carrier_unavailable');

/** a §8 validation error of one field */
export const invalid = (field: string, code: string) => validationError([{ field, code, message: code }]);
