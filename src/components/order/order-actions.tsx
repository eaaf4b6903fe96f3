'use client';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState, type ReactNode } from 'react';
import { ApiClientError, apiPost } from '../../api/client';
import type { PageLocale } from '../../routes';
import { clearCartAtom, orderTokenAtom } from '../../state/configurator';
import { useT } from '../i18n/client';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { StornoRefusal } from './storno-refusal';
import type { OrderData } from './types';

/** Client islands of the order pages: everything else on them is server-rendered. */

const failureText = 'order.actionFailed';

function ActionError({ shown, text }: { shown: boolean; text?: string }) {
  const t = useT();
  return shown ? (
    <p className="field-error order-action-error" role="alert">
      {text ?? t(failureText)}
    </p>
  ) : null;
}

/** the translation id the server gave as the refusal's code (§8), when the page knows it */
const refusalOf = (error: unknown, known: (code: string) => boolean) => {
  const code = error instanceof ApiClientError ? error.errors[0]?.code : undefined;
  return code && known(code) ? code : null;
};

/** copies one value of the payment instructions */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // no clipboard (insecure context, denied): the value stays selectable on the page
      setCopied(false);
    }
  };
  return (
    <button type="button" className="button order-copy" onClick={() => void copy()} aria-label={t('order.copyLabel', { label })} aria-live="polite">
      {copied ? t('order.copied') : t('order.copy')}
    </button>
  );
}

/** a new card payment for a failed or cancelled one (or one the gateway could not start), then on to the gateway */
export function RetryPaymentButton({ token, locale, primary = true }: { token: string; locale: PageLocale; primary?: boolean }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const pay = async () => {
    setBusy(true);
    setFailed(null);
    try {
      const order = await apiPost<OrderData>(`/v1/orders/${encodeURIComponent(token)}/pay`, {}, { language: locale });
      if (order.payment?.redirect_url) {
        window.location.assign(order.payment.redirect_url);
        return;
      }
      window.location.reload();
    } catch (error) {
      // the gateway still down: its own message (try again, or pay by transfer)
      setFailed(refusalOf(error, (code) => t(code) !== code) ?? failureText);
      setBusy(false);
    }
  };
  return (
    <div className="order-action">
      <button type="button" className={primary ? 'button primary' : 'button'} disabled={busy} onClick={() => void pay()} data-testid="order-retry-payment">
        {t('order.payAgain')}
      </button>
      <ActionError shown={failed !== null} text={failed ? t(failed) : undefined} />
    </div>
  );
}

/** the order paid by bank transfer instead of a card that did not go through: the transfer's instructions on the page */
export function PayByTransferButton({ token, locale }: { token: string; locale: PageLocale }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const pay = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await apiPost<OrderData>(`/v1/orders/${encodeURIComponent(token)}/pay`, { method: 'bank_transfer' }, { language: locale });
      window.location.assign(window.location.pathname);
    } catch {
      setFailed(true);
      setBusy(false);
    }
  };
  return (
    <div className="order-action">
      <button type="button" className="button" disabled={busy} onClick={() => void pay()} data-testid="order-pay-by-transfer">
        {t('order.payByTransfer')}
      </button>
      <ActionError shown={failed} />
    </div>
  );
}

/** local development: books the incoming transfer in the sandbox bank and shows the outcome */
export function SandboxPayButton({ variableSymbol, amount, currency }: { variableSymbol: string; amount: number; currency: string }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const pay = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await apiPost('/v1/sandbox/bank/statement', { variable_symbol: variableSymbol, amount, currency });
      window.location.reload();
    } catch {
      setFailed(true);
      setBusy(false);
    }
  };
  return (
    <div className="order-action">
      <button type="button" className="button" disabled={busy} onClick={() => void pay()} data-testid="order-sandbox-pay">
        {t('order.sandbox.pay')}
      </button>
      <ActionError shown={failed} />
    </div>
  );
}

/** POSTs after a confirmation, then reloads the page with the new state */
function ConfirmedAction({
  label,
  title,
  text,
  testId,
  run,
  refused,
}: {
  label: string;
  title: string;
  text: string;
  testId: string;
  run: () => Promise<unknown>;
  /** what to show instead of the generic failure when the server refuses with a known code */
  refused?: (code: string) => ReactNode;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const confirm = async () => {
    setOpen(false);
    setBusy(true);
    setFailed(false);
    try {
      await run();
      window.location.reload();
    } catch (error) {
      setRefusal(refusalOf(error, (code) => t(code) !== code));
      setFailed(true);
      setBusy(false);
    }
  };
  const shownInstead = refusal && refused ? refused(refusal) : null;
  if (shownInstead) return <>{shownInstead}</>;
  return (
    <div className="order-action">
      <button type="button" className="button order-danger" disabled={busy} onClick={() => setOpen(true)} data-testid={testId}>
        {label}
      </button>
      <ActionError shown={failed} text={refusal ? t(refusal) : undefined} />
      <ConfirmDialog open={open} title={title} confirmLabel={label} cancelLabel={t('order.keep')} onConfirm={() => void confirm()} onCancel={() => setOpen(false)} testId={`${testId}-dialog`}>
        <p>{text}</p>
      </ConfirmDialog>
    </div>
  );
}

export function CancelShipmentButton({ id, token, tracking, locale }: { id: number; token: string; tracking: string; locale: PageLocale }) {
  const t = useT();
  return (
    <ConfirmedAction
      label={t('order.shipment.cancel')}
      title={t('order.shipment.cancelTitle', { tracking })}
      text={t('order.shipment.cancelText')}
      testId="shipment-cancel"
      run={() => apiPost('/v1/shipments/storno', { shipments: [{ id }], token }, { language: locale })}
      refused={(code) =>
        code === 'order.storno.with_carrier' || code === 'order.storno.past_cutoff' ? <StornoRefusal refusal={code.slice('order.storno.'.length) as 'with_carrier'} tracking={tracking} token={token} locale={locale} t={t} /> : null
      }
    />
  );
}

export function CancelOrderButton({ token, number, locale }: { token: string; number: string; locale: PageLocale }) {
  const t = useT();
  return (
    <ConfirmedAction
      label={t('order.cancel')}
      title={t('order.cancelTitle', { number })}
      text={t('order.cancelText')}
      testId="order-cancel"
      run={() => apiPost(`/v1/orders/${encodeURIComponent(token)}/cancel`, {}, { language: locale })}
    />
  );
}

/**
 * Spec §4 cart guard, order side: the stored cart still names this order, which is no
 * longer waiting for payment, so its items were ordered: clear the cart.
 */
export function OrderCartGuard({ token, unpaid }: { token: string; unpaid: boolean }) {
  const orderToken = useAtomValue(orderTokenAtom);
  const clearCart = useSetAtom(clearCartAtom);
  useEffect(() => {
    if (!unpaid && orderToken === token) clearCart();
  }, [orderToken, token, unpaid, clearCart]);
  return null;
}

