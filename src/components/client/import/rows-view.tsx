'use client';
import { useEffect, useId, useRef, useState } from 'react';
import { addressDisplayName } from '../../../lib/address';
import { fieldLabelId, IMPORT_FIELDS, isImportField, type ImportField } from '../../../lib/csv-import/fields';
import type { ColumnMapping } from '../../../lib/csv-import/mapping';
import type { ExtraCells, RowError } from '../../../lib/csv-import/rows';
import { formatDay, formatMoney, formatNumber } from '../../../lib/format';
import { displayZip, parseDecimal } from '../../../lib/validators';
import type { PageLocale } from '../../../routes';
import { useT } from '../../i18n/client';
import { cellOf, errorsOf, statusOf, type ImportRowState, type RowStatus } from './row-state';
import { serviceNameBeside } from '../../../lib/quote-rules';

export const PAGE_ROWS = 50;
export type RowFilter = 'all' | 'errors' | 'ok';

const matches = (filter: RowFilter, status: RowStatus) => filter === 'all' || (filter === 'errors') === (status === 'error');

type Translate = ReturnType<typeof useT>;

/** a translation id's text, or the generic one for a code the page has no words for */
function errorText(t: Translate, error: Pick<RowError, 'code' | 'values'>): string {
  const text = t(error.code, error.values);
  return text === error.code ? t('validation.invalid') : text;
}

/** '— nepoužít —' fields never reach here; a field's label, or nothing for the row as a whole */
const labelOf = (t: Translate, field: ImportField | null) => (field ? t(fieldLabelId(field)) : null);

function ErrorList({ row, errors, mapping, t }: { row: ImportRowState; errors: RowError[]; mapping: ColumnMapping; t: Translate }) {
  return (
    <ul className="imp-errors" data-testid="import-row-errors">
      {errors.map((error, i) => {
        const label = labelOf(t, error.field);
        const fromDefault = row.check.defaultSender && error.field?.startsWith('sender.') && !mapping.includes(error.field);
        // a formula is shown as the text it is, never as anything else
        const raw = error.code === 'import.error.formula' && error.field ? cellOf(row, mapping, error.field) : null;
        return (
          <li key={i}>
            {label && <span className="imp-error-field">{fromDefault ? t('import.row.defaultSender', { field: label }) : label}: </span>}
            {raw !== null && <code className="imp-raw">{raw.length > 60 ? `${raw.slice(0, 60)}…` : raw}</code>} {errorText(t, error)}
          </li>
        );
      })}
    </ul>
  );
}

function StatusCell({ row, mapping, locale, t }: { row: ImportRowState; mapping: ColumnMapping; locale: PageLocale; t: Translate }) {
  const status = statusOf(row);
  if (status === 'error') return <ErrorList row={row} errors={errorsOf(row, mapping)} mapping={mapping} t={t} />;
  if (status === 'inCart') return <span className="imp-badge imp-badge-ok">{t('import.status.inCart')}</span>;
  const price = row.price;
  if (price?.status === 'priced') {
    const { quote } = price;
    return (
      <div className="imp-price" data-testid="import-row-price">
        <strong>{quote.priceVat ? formatMoney(quote.priceVat.value, quote.priceVat.currency, locale) : '—'}</strong>
        <span>
          {quote.carrier.name}
          {serviceNameBeside(quote.carrier.name, quote.serviceName) ? ` ${quote.serviceName}` : ''}
        </span>
        {quote.timeInTransit.deliveryDate && <span className="muted">{t('import.status.delivery', { date: formatDay(quote.timeInTransit.deliveryDate, locale) })}</span>}
      </div>
    );
  }
  if (price?.status === 'unpriced') {
    return (
      <div className="imp-unpriced" data-testid="import-row-unpriced">
        <span>{t(`import.reason.${price.reason}`)}</span>
        {price.problems.length > 0 && (
          <ul>
            {price.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
      </div>
    );
  }
  return <span className="muted">{t('import.status.ready')}</span>;
}

function ShipmentCell({ row, locale, t }: { row: ImportRowState; locale: PageLocale; t: Translate }) {
  const { content, services, currency } = row.check.draft;
  const weight = parseDecimal(content[0]?.weight ?? '');
  const cod = services.cod.active ? parseDecimal(services.cod.data.value) : null;
  return (
    <>
      {weight !== null ? `${formatNumber(weight, locale)}\u00A0kg` : '—'}
      {content.length > 1 ? ` × ${content.length}` : ''}
      {cod !== null && (
        <span className="imp-sub">
          {t('import.row.cod', { amount: formatMoney(cod, services.cod.data.currency || currency, locale) })}
        </span>
      )}
    </>
  );
}

/** what the row editor shows an input for: a mapped column, or a field the file has no column for */
type EditorInput = { field: ImportField; column: number | null };

/**
 * Editing a row in place: every mapped cell, and every field the file has no column for
 * that the row's check blames or that was filled here (others can be added), each with its
 * error beside it; checked again on save.
 */
function RowEditor({ row, headers, mapping, onSave, onClose, t }: { row: ImportRowState; headers: string[]; mapping: ColumnMapping; onSave: (cells: string[], extra: ExtraCells) => void; onClose: () => void; t: Translate }) {
  const id = useId();
  const [cells, setCells] = useState(row.cells);
  const [extra, setExtra] = useState<ExtraCells>(row.extra);
  const [adding, setAdding] = useState('');
  const first = useRef<HTMLInputElement>(null);
  const added = useRef<HTMLInputElement>(null);
  const [focusAdded, setFocusAdded] = useState(false);
  useEffect(() => first.current?.focus(), []);
  useEffect(() => {
    if (focusAdded) added.current?.focus();
    setFocusAdded(false);
  }, [focusAdded]);
  const errors = errorsOf(row, mapping);
  const byField = new Map(errors.filter((e) => e.field !== null).map((e) => [e.field!, e]));
  // the default sender's faults are fixed in the address book, not row by row
  const blamed = (field: ImportField) => byField.has(field) && !(row.check.defaultSender && field.startsWith('sender.'));
  const unmapped = IMPORT_FIELDS.filter((field) => !mapping.includes(field) && (field in extra || blamed(field)));
  const inputs: EditorInput[] = [...mapping.flatMap((field, column) => (field ? [{ field, column }] : [])), ...unmapped.map((field) => ({ field, column: null }))];
  const elsewhere = errors.filter((e) => e.field === null || (!mapping.includes(e.field) && !unmapped.includes(e.field)));
  const addable = IMPORT_FIELDS.filter((field) => !mapping.includes(field) && !unmapped.includes(field));
  const lastAdded = Object.keys(extra).at(-1);
  return (
    <form
      method="post"
      className="imp-editor"
      data-testid="import-editor"
      onSubmit={(e) => {
        e.preventDefault();
        onSave(cells, Object.fromEntries(Object.entries(extra).filter(([, value]) => value !== '')));
      }}
    >
      <h3>{t('import.row.editTitle', { line: row.line })}</h3>
      {elsewhere.length > 0 && <ErrorList row={row} errors={elsewhere} mapping={mapping} t={t} />}
      <div className="imp-editor-grid">
        {inputs.map(({ field, column }, i) => {
          const error = byField.get(field);
          const inputId = `${id}-${column ?? field}`;
          const header = column === null ? null : headers[column];
          return (
            <div key={column ?? field} className="imp-field" data-field={field}>
              <label htmlFor={inputId}>
                {t(fieldLabelId(field))}
                {column === null ? (
                  <span className="muted imp-header-name"> ({t('import.row.notInFile')})</span>
                ) : header && header !== t(fieldLabelId(field)) ? (
                  <span className="muted imp-header-name"> ({header})</span>
                ) : null}
              </label>
              <input
                ref={i === 0 ? first : column === null && field === lastAdded ? added : undefined}
                id={inputId}
                value={column === null ? (extra[field] ?? '') : (cells[column] ?? '')}
                maxLength={1000}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${inputId}-error` : undefined}
                onChange={(e) => {
                  const value = e.target.value;
                  if (column === null) setExtra((old) => ({ ...old, [field]: value }));
                  else setCells((old) => Array.from({ length: Math.max(old.length, column + 1) }, (_, j) => (j === column ? value : (old[j] ?? ''))));
                }}
              />
              {error && (
                <p id={`${inputId}-error`} className="field-error">
                  {errorText(t, error)}
                </p>
              )}
            </div>
          );
        })}
      </div>
      {addable.length > 0 && (
        <div className="imp-editor-add">
          <div className="imp-field">
            <label htmlFor={`${id}-add`}>{t('import.row.addField')}</label>
            <select id={`${id}-add`} value={adding} onChange={(e) => setAdding(e.target.value)} data-testid="import-add-field">
              <option value="">{t('import.row.addFieldChoose')}</option>
              {addable.map((field) => (
                <option key={field} value={field}>
                  {t(fieldLabelId(field))}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="button imp-small"
            disabled={!isImportField(adding)}
            onClick={() => {
              if (!isImportField(adding)) return;
              setExtra((old) => ({ ...old, [adding]: '' }));
              setAdding('');
              setFocusAdded(true);
            }}
          >
            {t('import.row.addFieldButton')}
          </button>
        </div>
      )}
      <div className="imp-actions">
        <button type="submit" className="button primary" data-testid="import-recheck">
          {t('import.row.check')}
        </button>
        <button type="button" className="button" onClick={onClose}>
          {t('import.row.close')}
        </button>
      </div>
    </form>
  );
}

/**
 * Step 3: the rows, fifty to a page (a thousand rows of inputs would make the page slow),
 * each with its errors in words or its price; a row is fixed in place and checked again.
 */
export function RowsView({
  rows,
  headers,
  mapping,
  locale,
  locked,
  onSave,
}: {
  rows: ImportRowState[];
  headers: string[];
  mapping: ColumnMapping;
  locale: PageLocale;
  /** while pricing, rows cannot change */
  locked: boolean;
  onSave: (index: number, cells: string[], extra: ExtraCells) => boolean;
}) {
  const t = useT();
  const [filter, setFilter] = useState<RowFilter>('all');
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<number | null>(null);
  const statuses = rows.map(statusOf);
  const counts = { all: rows.length, errors: statuses.filter((s) => s === 'error').length, ok: statuses.filter((s) => s !== 'error').length };
  const visible = rows.flatMap((row, index) => (matches(filter, statuses[index]!) ? [{ row, index }] : []));
  const pages = Math.max(1, Math.ceil(visible.length / PAGE_ROWS));
  const current = Math.min(page, pages - 1);
  const shown = visible.slice(current * PAGE_ROWS, (current + 1) * PAGE_ROWS);

  const choose = (next: RowFilter) => {
    setFilter(next);
    setPage(0);
    setEditing(null);
  };

  return (
    <div className="imp-rows">
      <div className="imp-filters" role="group" aria-label={t('import.filter.label')}>
        {(['all', 'errors', 'ok'] as const).map((key) => (
          <button key={key} type="button" className="chip" aria-pressed={filter === key} onClick={() => choose(key)} data-testid={`import-filter-${key}`}>
            {t(`import.filter.${key}`, { count: counts[key] })}
          </button>
        ))}
      </div>
      <div className="imp-table-wrap">
        <table className="imp-table imp-row-table">
          <thead>
            <tr>
              <th scope="col">{t('import.col.line')}</th>
              <th scope="col">{t('import.col.recipient')}</th>
              <th scope="col">{t('import.col.shipment')}</th>
              <th scope="col">{t('import.col.reference')}</th>
              <th scope="col">{t('import.col.status')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('import.col.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map(({ row, index }) => {
              const { recipient } = row.check.draft;
              const place = [recipient.street, `${displayZip(recipient.zip, recipient.country)} ${recipient.city}`.trim(), recipient.country.toUpperCase()].filter(Boolean).join(', ');
              const status = statuses[index]!;
              return [
                <tr key={`row-${index}`} className={`imp-row imp-row-${status}`} data-testid="import-row" data-line={row.line} data-status={status}>
                  <td data-label={t('import.col.line')}>{row.line}</td>
                  <td data-label={t('import.col.recipient')}>
                    <strong>{addressDisplayName(recipient) || '—'}</strong>
                    <span className="imp-sub">{place}</span>
                  </td>
                  <td data-label={t('import.col.shipment')}>
                    <ShipmentCell row={row} locale={locale} t={t} />
                  </td>
                  <td data-label={t('import.col.reference')}>{row.check.draft.reference}</td>
                  <td data-label={t('import.col.status')} className="imp-status">
                    <StatusCell row={row} mapping={mapping} locale={locale} t={t} />
                  </td>
                  <td className="imp-row-actions">
                    {status !== 'inCart' && (
                      <button type="button" className="button imp-small" disabled={locked} aria-expanded={editing === index} onClick={() => setEditing(editing === index ? null : index)} data-testid="import-edit">
                        {t('import.row.edit')}
                        <span className="visually-hidden"> {t('import.row.editTitle', { line: row.line })}</span>
                      </button>
                    )}
                  </td>
                </tr>,
                editing === index && !locked ? (
                  <tr key={`edit-${index}`} className="imp-editor-row">
                    <td colSpan={6}>
                      <RowEditor
                        key={row.line}
                        row={row}
                        headers={headers}
                        mapping={mapping}
                        t={t}
                        onClose={() => setEditing(null)}
                        onSave={(cells, extra) => {
                          if (onSave(index, cells, extra)) setEditing(null);
                        }}
                      />
                    </td>
                  </tr>
                ) : null,
              ];
            })}
          </tbody>
        </table>
      </div>
      {visible.length === 0 && <p className="muted">{t('import.filter.none')}</p>}
      {pages > 1 && (
        <nav className="imp-pager" aria-label={t('import.pager.label')}>
          <button type="button" className="button imp-small" disabled={current === 0} onClick={() => setPage(current - 1)}>
            {t('import.pager.prev')}
          </button>
          <span>{t('import.pager.page', { page: current + 1, pages })}</span>
          <button type="button" className="button imp-small" disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
            {t('import.pager.next')}
          </button>
        </nav>
      )}
    </div>
  );
}
