'use client';
import { useId } from 'react';
import { fieldLabelId, IMPORT_FIELDS, isImportField, missingRequired, type ImportField } from '../../../lib/csv-import/fields';
import { assignField, type ColumnMapping } from '../../../lib/csv-import/mapping';
import { useT } from '../../i18n/client';
import type { ImportSource } from './source-form';

const GROUPS: { id: string; test: (field: ImportField) => boolean }[] = [
  { id: 'recipient', test: (f) => f.startsWith('recipient.') },
  { id: 'package', test: (f) => f.startsWith('package.') },
  { id: 'services', test: (f) => f.startsWith('cod.') || f.startsWith('insurance.') },
  { id: 'other', test: (f) => ['reference', 'note', 'carrier', 'service'].includes(f) },
  { id: 'sender', test: (f) => f.startsWith('sender.') },
];

const SAMPLE_ROWS = 2;
const DELIMITER_NAMES = { ';': 'semicolon', ',': 'comma', '\t': 'tab' } as const;

/**
 * Step 2: each column of the file gets a field (guessed from its header, or what the user
 * chose for that header before). The required fields missing a column are named, and the
 * rows are not checked until they have one.
 */
export function MappingForm({
  source,
  mapping,
  onChange,
  onConfirm,
  onBack,
  senderText,
  addressBookHref,
}: {
  source: ImportSource;
  mapping: ColumnMapping;
  onChange: (mapping: ColumnMapping) => void;
  onConfirm: () => void;
  onBack: () => void;
  /** the default sender in one line, or null when the user has none */
  senderText: string | null;
  addressBookHref: string;
}) {
  const t = useT();
  const id = useId();
  const missing = missingRequired(mapping, { defaultSender: senderText !== null });
  const samples = source.rows.slice(0, SAMPLE_ROWS);

  return (
    <section className="imp-card" aria-labelledby={`${id}-title`} data-testid="import-mapping">
      <h2 id={`${id}-title`}>{t('import.mapping.title')}</h2>
      <p className="muted" data-testid="import-file-facts">
        {t('import.mapping.intro', { name: source.name, rows: source.rows.length, encoding: source.encoding, delimiter: t(`import.delimiter.${DELIMITER_NAMES[source.delimiter]}`) })}
      </p>
      <p className="notice imp-sender" data-testid="import-sender">
        {senderText ? t('import.mapping.senderDefault', { address: senderText }) : t('import.mapping.senderNone')}{' '}
        {senderText ? null : <a href={addressBookHref}>{t('import.mapping.addressBook')}</a>}
      </p>
      <div className="imp-table-wrap">
        <table className="imp-table imp-mapping-table">
          <thead>
            <tr>
              <th scope="col">{t('import.mapping.column')}</th>
              <th scope="col">{t('import.mapping.sample')}</th>
              <th scope="col">{t('import.mapping.field')}</th>
            </tr>
          </thead>
          <tbody>
            {source.headers.map((header, column) => (
              <tr key={column} data-testid="import-mapping-row">
                <th scope="row" data-label={t('import.mapping.column')}>
                  {header || t('import.mapping.unnamed', { n: column + 1 })}
                </th>
                <td className="imp-samples" data-label={t('import.mapping.sample')}>
                  {samples.map((row) => (
                    <span key={row.line}>{row.cells[column] ?? ''}</span>
                  ))}
                </td>
                <td data-label={t('import.mapping.field')}>
                  <select
                    aria-label={t('import.mapping.fieldOf', { column: header || column + 1 })}
                    value={mapping[column] ?? ''}
                    onChange={(e) => onChange(assignField(mapping, column, isImportField(e.target.value) ? e.target.value : null))}
                  >
                    <option value="">{t('import.mapping.ignore')}</option>
                    {GROUPS.map((group) => (
                      <optgroup key={group.id} label={t(`import.group.${group.id}`)}>
                        {IMPORT_FIELDS.filter(group.test).map((field) => (
                          <option key={field} value={field}>
                            {t(fieldLabelId(field))}
                          </option>
                        ))}
                      </optgroup>
                    ))}
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {missing.length > 0 && (
        <p className="imp-problem" role="alert" data-testid="import-missing">
          {t('import.mapping.missing', { fields: missing.map((field) => t(field.endsWith('.name') ? `import.required.${field}` : fieldLabelId(field))).join(', ') })}
        </p>
      )}
      <div className="imp-actions">
        <button type="button" className="button" onClick={onBack}>
          {t('import.mapping.back')}
        </button>
        <button type="button" className="button primary" disabled={missing.length > 0} onClick={onConfirm} data-testid="import-check">
          {t('import.mapping.continue', { rows: source.rows.length })}
        </button>
      </div>
    </section>
  );
}
