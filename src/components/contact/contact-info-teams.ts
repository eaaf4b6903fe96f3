import { honoContext, requestInfo } from '../../request';
import { teamAddresses } from '../../server/contact/routing';

/** the team addresses as configured for the origin (same defaults as the API's routing) */
export function addresses() {
  const { territory } = requestInfo();
  let env: Parameters<typeof teamAddresses>[0] = {};
  try {
    env = honoContext().env;
  } catch {
    // rendered outside a request (build): the defaults
  }
  return { territory, teams: teamAddresses(env, territory) };
}
