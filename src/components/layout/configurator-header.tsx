'use client';
import { Link } from 'waku';
import { href, type PageLocale } from '../../routes';
import { useT } from '../i18n/client';

const STEPS = [
  ['carrier', 'configurator-carrier'],
  ['sender', 'configurator-sender'],
  ['recipient', 'configurator-recipient'],
  ['customs', 'configurator-customs'],
  ['summary', 'configurator-summary'],
] as const;

/** Step navigation and the 'need help' text of the configurator layout. */
export function ConfiguratorHeader({ locale, signedIn }: { locale: PageLocale; signedIn: boolean }) {
  const t = useT();
  return (
    <div className="configurator-header">
      <nav aria-label={t('configurator.steps')}>
        <ol className="steps">
          {STEPS.map(([step, id]) => (
            <li key={step}>
              <Link to={href(id, locale)}>{t(`configurator.step.${step}`)}</Link>
            </li>
          ))}
        </ol>
      </nav>
      {signedIn && <p className="need-help">{t('configurator.needHelp')}</p>}
    </div>
  );
}
