import { apiPost } from '../../api/client';
import { pushAnalytics } from '../../state/analytics';
import { clearStoredState } from '../../state/session';

/** Spec §4: the API forgets the key (its failure keeps nobody signed in here), the configurator and cart reset, `home` loads in full. */
export async function logout(home: string): Promise<void> {
  await apiPost('/v1/user/logout', {}).catch(() => undefined);
  clearStoredState();
  pushAnalytics({ event: 'logout' });
  window.location.assign(home);
}
