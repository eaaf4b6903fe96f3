import type { ReactNode } from 'react';
import { translator } from '../../i18n';
import { requestInfo } from '../../request';
import type { Locale } from '../../routes';
import { ConfiguratorHeader } from './configurator-header';
import { Frame, linkLocale, loadProfile } from './layouts';
import { Navbar } from './navbar';

/** The configurator layout: simplified navbar, step navigation, no footer. */
export async function ConfiguratorFrame({ locale, children }: { locale: Locale; children: ReactNode }) {
  const t = translator(locale);
  const l = linkLocale(locale);
  const { territory } = requestInfo();
  const profile = await loadProfile();
  return (
    <Frame locale={locale} t={t} messages="configurator">
      <div data-layout="configurator" className="site configurator">
        <Navbar locale={l} language={locale} territory={territory} t={t} business={false} simple profile={profile} />
        <ConfiguratorHeader locale={l} signedIn={profile !== null} territory={territory} />
        <main id="main" className="content">
          {children}
        </main>
      </div>
    </Frame>
  );
}
