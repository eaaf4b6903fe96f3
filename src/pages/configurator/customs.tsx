import { linkLocale } from '../../components/layout/layouts';
import { CustomsStep } from '../../components/configurator/customs-step';
import type { PageProps } from '../types';
import { StepPage } from './step-page';

export function ConfiguratorCustomsPage({ id, locale }: PageProps<'configurator-customs'>) {
  return (
    <StepPage id={id} locale={locale}>
      <CustomsStep locale={linkLocale(locale)} />
    </StepPage>
  );
}
