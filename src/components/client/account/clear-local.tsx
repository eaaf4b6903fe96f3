'use client';
import { useState } from 'react';
import { useT } from '../../i18n/client';
import { clearStoredState } from '../../../state/session';

/** klient/clear: forgets the configurator draft, the cart and the state cookie of this browser (the account keeps everything) */
export function ClearLocalData({ home }: { home: string }) {
  const t = useT();
  const [done, setDone] = useState(false);
  const clear = () => {
    clearStoredState();
    try {
      sessionStorage.clear();
    } catch {
      // blocked storage holds nothing either
    }
    setDone(true);
  };
  return done ? (
    <div className="acc-message acc-success" role="status" data-testid="client-clear-done">
      <p>{t('client.clear.done')}</p>
      <a href={home} className="button primary">
        {t('client.clear.back')}
      </a>
    </div>
  ) : (
    <button type="button" className="button primary" onClick={clear} data-testid="client-clear">
      {t('client.clear.button')}
    </button>
  );
}
