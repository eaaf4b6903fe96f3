import { linkLocale } from '../../components/layout/layouts';
import { RecipientStep } from '../../components/configurator/recipient-step';
import { honoContext, requestInfo } from '../../request';
import type { PageProps } from '../types';
import { StepPage } from './step-page';

export function ConfiguratorRecipientPage({ id, locale }: PageProps<'configurator-recipient'>) {
  return (
    <StepPage id={id} locale={locale}>
      <RecipientStep locale={linkLocale(locale)} mapsKey={honoContext().env.GOOGLE_MAPS_KEY || null} signedIn={Boolean(requestInfo().apiKey)} />
    </StepPage>
  );
}
