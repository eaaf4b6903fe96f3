'use client';
import { useEffect, useState } from 'react';
import { apiGet } from '../../api/client';
import { href, type PageLocale } from '../../routes';
import { useT } from '../i18n/client';
import { SOCIAL_PROVIDERS, startSocialSignIn, type Providers } from './social';

/**
 * The social sign-in buttons (spec §2.9). Where a provider's real client id is not
 * configured, its button uses the sandbox identity provider in local development and says
 * so; elsewhere the button is not shown.
 */
export function SocialButtons({ locale, providers: initial, returnTo }: { locale: PageLocale; providers: Providers | null; returnTo: () => string }) {
  const t = useT();
  const [providers, setProviders] = useState<Providers | null>(initial);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (initial) return;
    const controller = new AbortController();
    apiGet<Providers>('/v1/auth/providers', { signal: controller.signal }).then(setProviders, () => setFailed(!controller.signal.aborted));
    return () => controller.abort();
  }, [initial]);

  const sandbox = providers && SOCIAL_PROVIDERS.some((p) => providers[p].mode === 'sandbox');
  // a provider this deployment has not configured is not offered at all
  const shown = SOCIAL_PROVIDERS.filter((p) => providers?.[p].mode !== 'unavailable');
  if (shown.length === 0) return null;
  return (
    <div className="acc-social" data-testid="social-sign-in">
      <p className="acc-divider">
        <span>{t('login.social')}</span>
      </p>
      <div className="social-buttons">
        {shown.map((provider) => {
          const config = providers?.[provider];
          return (
            <button
              key={provider}
              type="button"
              className={`button social-button social-${provider}`}
              disabled={!config?.authorizeUrl}
              data-testid={`social-${provider}`}
              onClick={() => config?.authorizeUrl && startSocialSignIn(provider, config, returnTo(), href('login', locale))}
            >
              <span className="social-icon" aria-hidden="true">
                {provider === 'google' ? 'G' : 'f'}
              </span>
              {t(`login.${provider}`)}
              {config?.mode === 'sandbox' && <span className="sandbox-tag">{t('login.sandboxTag')}</span>}
            </button>
          );
        })}
      </div>
      {sandbox && <p className="acc-hint" data-testid="social-sandbox">{t('login.sandboxNote')}</p>}
      {failed && <p className="acc-hint">{t('login.socialUnavailable')}</p>}
    </div>
  );
}
