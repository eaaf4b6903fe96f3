import { CLAIM_STATUSES } from '../../db/schema';
import { ApiError } from '../../http/errors';

export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/**
 * The claim's life (issue 11): what the team (or the customer's reply) may move it to from
 * each state. Rejected and paid out are final.
 */
export const CLAIM_TRANSITIONS: Readonly<Record<ClaimStatus, readonly ClaimStatus[]>> = {
  received: ['in_review', 'waiting_for_customer', 'rejected'],
  in_review: ['waiting_for_customer', 'accepted', 'rejected'],
  waiting_for_customer: ['in_review'],
  accepted: ['paid_out'],
  rejected: [],
  paid_out: [],
};

export const isFinalClaimStatus = (status: ClaimStatus) => CLAIM_TRANSITIONS[status].length === 0;

export const canMoveClaim = (from: ClaimStatus, to: ClaimStatus) => CLAIM_TRANSITIONS[from].includes(to);

/** a refused transition is a 409 in the §8 shape */
export function assertClaimTransition(from: ClaimStatus, to: ClaimStatus): void {
  if (!canMoveClaim(from, to)) throw new ApiError(409, 'API_CONFLICT_ERROR', `A claim cannot move from ${from} to ${to}`);
}
