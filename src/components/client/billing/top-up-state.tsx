import { href, type PageLocale } from '../../../routes';
import { BankInstructions, money, withQuery, type T } from './parts';
import { SandboxTransfer } from './sandbox-transfer';
import type { TopUp } from './types';
import './billing.css';

/** the state of a top-up the user comes back to (?topup=…): credited, waiting (with the transfer's instructions) or failed */
export function TopUpState({ topUp, path, locale, t }: { topUp: TopUp; path: string; locale: PageLocale; t: T }) {
  const amount = money(topUp.state === 'credited' ? topUp.received : topUp.amount, topUp.currency, locale);
  const again = (
    <a className="button" href={path}>
      {t('billing.topUp.again')}
    </a>
  );
  return (
    <section data-testid="top-up-state" data-state={topUp.state}>
      {topUp.state === 'credited' && (
        <div className="bl-message bl-ok" role="status">
          {t('billing.topUp.credited', { amount })}
        </div>
      )}
      {topUp.state === 'failed' && (
        <div className="bl-message bl-error" role="alert">
          {t('billing.topUp.failed')}
        </div>
      )}
      {topUp.state === 'waiting' && topUp.method === 'card' && (
        <div className="bl-message bl-info" role="status">
          {t('billing.topUp.waitingCard')}{' '}
          <a href={withQuery(path, { topup: topUp.token })}>{t('billing.topUp.refresh')}</a>
        </div>
      )}
      {topUp.state === 'waiting' && topUp.bank && (
        <>
          <p className="notice">{t('billing.topUp.waitingBank')}</p>
          <BankInstructions bank={topUp.bank} locale={locale} t={t} />
          {topUp.sandbox && <SandboxTransfer variableSymbol={topUp.bank.variable_symbol} amount={topUp.bank.amount} currency={topUp.bank.currency} next={withQuery(path, { topup: topUp.token })} />}
        </>
      )}
      <p className="bl-topup-actions">
        {topUp.state !== 'waiting' && again}
        <a href={href('klient-kredit', locale)}>{t('billing.topUp.toCredit')}</a>
      </p>
    </section>
  );
}
