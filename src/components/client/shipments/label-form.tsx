'use client';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from '../../i18n/client';

/**
 * The shipments table inside the form that prints the chosen labels on one A4 PDF, four per
 * page. The form is a plain GET to the labels endpoint (checkboxes `ids`), so it works
 * without JavaScript; with it, "select all", the count and a word when nothing is chosen.
 */
export function LabelForm({ selectable, children }: { selectable: number; children: ReactNode }) {
  const t = useT();
  const form = useRef<HTMLFormElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [count, setCount] = useState(0);
  const [nothing, setNothing] = useState(false);
  const boxes = () => [...(form.current?.querySelectorAll<HTMLInputElement>('input[name="ids"]') ?? [])];
  const recount = () => setCount(boxes().filter((box) => box.checked).length);

  useEffect(() => {
    setHydrated(true);
    recount();
  }, []);

  return (
    <form
      ref={form}
      method="get"
      action="/api/v1/shipments/labels"
      target="_blank"
      data-testid="labels-form"
      onChange={() => {
        recount();
        setNothing(false);
      }}
      onSubmit={(e) => {
        if (boxes().some((box) => box.checked)) return;
        e.preventDefault();
        setNothing(true);
      }}
    >
      <input type="hidden" name="format" value="a4" />
      <div className="sh-toolbar">
        {hydrated && selectable > 0 ? (
          <label>
            <input
              type="checkbox"
              checked={count > 0 && count === selectable}
              onChange={(e) => {
                for (const box of boxes()) box.checked = e.target.checked;
                recount();
              }}
              data-testid="labels-select-all"
            />
            {t('shipments.table.selectAll')}
          </label>
        ) : null}
        {hydrated ? <span aria-live="polite">{t('shipments.labels.selected', { count })}</span> : null}
        <button type="submit" className="button primary" disabled={selectable === 0} data-testid="labels-print">
          {t('shipments.labels.print')}
        </button>
        {nothing ? (
          <p className="field-error" role="alert">
            {t('shipments.labels.none')}
          </p>
        ) : null}
        <p className="muted sh-hint">{t('shipments.labels.hint')}</p>
      </div>
      {children}
    </form>
  );
}
