import { linkLocale } from '../../components/layout/layouts';
import { SummaryStep } from '../../components/configurator/summary-step';
import type { PageProps } from '../types';
import { StepPage } from './step-page';

export function ConfiguratorSummaryPage({ id, locale }: PageProps<'configurator-summary'>) {
  return (
    <StepPage id={id} locale={locale}>
      <SummaryStep locale={linkLocale(locale)} />
    </StepPage>
  );
}
