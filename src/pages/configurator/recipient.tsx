import { MessagesProvider } from '../../components/i18n/client';
import { linkLocale } from '../../components/layout/layouts';
import { pickMessages } from '../../i18n';
import { RecipientStep } from '../../components/configurator/recipient-step';
import { honoContext, requestInfo } from '../../request';
import type { PageProps } from '../types';
import { StepPage } from './step-page';

export function ConfiguratorRecipientPage({ id, locale }: PageProps<'configurator-recipient'>) {
  return (
    <StepPage id={id} locale={locale}>
      {/* the saved-address picker's texts */}
      <MessagesProvider messages={pickMessages(locale, ['addresses.picker.', 'addresses.defaultSender'])}>
        <RecipientStep locale={linkLocale(locale)} mapsKey={honoContext().env.GOOGLE_MAPS_KEY || null} signedIn={Boolean(requestInfo().apiKey)} />
      </MessagesProvider>
    </StepPage>
  );
}
