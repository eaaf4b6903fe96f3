import { MessagesProvider } from '../../components/i18n/client';
import { linkLocale } from '../../components/layout/layouts';
import { pickMessages } from '../../i18n';
import { SenderStep } from '../../components/configurator/sender-step';
import { honoContext, requestInfo } from '../../request';
import type { PageProps } from '../types';
import { StepPage } from './step-page';

export function ConfiguratorSenderPage({ id, locale }: PageProps<'configurator-sender'>) {
  return (
    <StepPage id={id} locale={locale}>
      {/* the saved-address picker's texts */}
      <MessagesProvider messages={pickMessages(locale, ['addresses.picker.', 'addresses.defaultSender'])}>
        <SenderStep locale={linkLocale(locale)} mapsKey={honoContext().env.GOOGLE_MAPS_KEY || null} signedIn={Boolean(requestInfo().apiKey)} />
      </MessagesProvider>
    </StepPage>
  );
}
