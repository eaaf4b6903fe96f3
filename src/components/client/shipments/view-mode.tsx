'use client';
import { useRouter } from 'waku';
import { apiPost } from '../../../api/client';
import { ORDERS_VIEW_MODES, ORDERS_VIEW_SETTING, type OrdersViewMode } from '../../../lib/schemas/client-shipments';
import { useT } from '../../i18n/client';

/**
 * Tiles or list. The links carry `?view=` (without JavaScript the choice holds for that
 * page); with JavaScript the choice is stored in the user's settings, so every device
 * remembers it, and the page is shown again without the parameter.
 */
export function ViewModeSwitch({ current, links, base }: { current: OrdersViewMode; links: Record<OrdersViewMode, string>; base: string }) {
  const t = useT();
  const router = useRouter();
  const go = (to: string) => router.push(to as Parameters<typeof router.push>[0]);
  const choose = async (mode: OrdersViewMode) => {
    try {
      await apiPost('/v1/app/settings', { [ORDERS_VIEW_SETTING]: mode });
      go(base);
    } catch (error) {
      console.warn('the orders view was not saved', error);
      go(links[mode]);
    }
  };
  return (
    <nav className="or-view" aria-label={t('shipments.orders.view')} data-testid="orders-view">
      {ORDERS_VIEW_MODES.map((mode) => (
        <a
          key={mode}
          href={links[mode]}
          aria-current={mode === current ? 'true' : undefined}
          data-view={mode}
          onClick={(e) => {
            e.preventDefault();
            if (mode !== current) void choose(mode);
          }}
        >
          {t(`shipments.orders.${mode}`)}
        </a>
      ))}
    </nav>
  );
}
