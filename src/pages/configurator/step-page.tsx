import type { ReactNode } from 'react';
import { translator, type MessageId } from '../../i18n';
import { linkLocale } from '../../components/layout/layouts';
import { href, type Locale } from '../../routes';

type StepRoute = 'configurator-sender' | 'configurator-recipient' | 'configurator-customs' | 'configurator-summary';

/** The frame of a configurator step page: its title, heading and intro; the step itself is a client island. */
export function StepPage({ id, locale, children }: { id: StepRoute; locale: Locale; children: ReactNode }) {
  const t = translator(locale);
  const step = id.replace('configurator-', '');
  return (
    <article className="cfg-page" data-route={id}>
      <title>{`${t(`route.${id}`)} | ${t('app.name')}`}</title>
      <header className="cfg-page-head">
        <h1>{t(`configurator.heading.${step}` as MessageId)}</h1>
        <p className="muted">{t(`configurator.intro.${step}` as MessageId)}</p>
      </header>
      {/* the draft lives in the browser: without JavaScript the step cannot show, and says so
          (its pending skeleton is hidden by configurator.css when scripting is off) */}
      <noscript>
        <p className="notice noscript-notice" data-testid="noscript-notice">
          {t('configurator.noscript')} <a href={href('home', linkLocale(locale))}>{t('cart.emptyCta')}</a>
        </p>
      </noscript>
      {children}
    </article>
  );
}
