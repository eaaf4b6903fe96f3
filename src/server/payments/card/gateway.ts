import { isLocalDev, type OriginBindings } from '../../env';
import { sandboxGateway } from './sandbox';
import type { CardGateway } from './types';

const unavailable: CardGateway = {
  mode: 'unavailable',
  create: async () => {
    throw new Error('no card gateway is configured');
  },
  verifyNotification: async () => null,
  status: async () => {
    throw new Error('no card gateway is configured');
  },
  refund: async () => {
    throw new Error('no card gateway is configured');
  },
};

/** the sandbox gateway's signing secret (derived: it is a stand-in, not a real merchant secret) */
export const sandboxGatewaySecret = (env: Pick<OriginBindings, 'SESSION_SECRET'>) => `${env.SESSION_SECRET ?? ''}:sandbox-gateway`;

/**
 * The card gateway: the sandbox in local development; a real gateway's transport goes here
 * when a merchant account exists (none is configured, so cards are not offered deployed).
 */
export function cardGateway(env: OriginBindings): CardGateway {
  return isLocalDev(env) ? sandboxGateway(env.DB, sandboxGatewaySecret(env)) : unavailable;
}
