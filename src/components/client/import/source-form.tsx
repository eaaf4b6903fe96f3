'use client';
import { useId, useState } from 'react';
import { decodeCsv, ENCODING_NAMES } from '../../../lib/csv-import/decode';
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from '../../../lib/csv-import/limits';
import { parseCsv, type Delimiter } from '../../../lib/csv-import/parse';
import { formatNumber } from '../../../lib/format';
import type { PageLocale } from '../../../routes';
import { useT } from '../../i18n/client';

/** A file read and split into rows: what the mapping step starts from (`encoding` as shown to the user). */
export type ImportSource = { name: string; encoding: string; delimiter: Delimiter; headers: string[]; rows: { line: number; cells: string[] }[] };

const megabytes = (bytes: number, locale: string) => `${formatNumber(bytes / (1024 * 1024), locale, { maximumFractionDigits: 1 })}\u00A0MB`;

/**
 * Step 1: a CSV file or rows pasted from a spreadsheet. A file over the size limit is
 * refused before it is read; every other problem (encoding, a spreadsheet instead of CSV,
 * an empty file, a header alone, too many rows) is said in words.
 */
export function SourceForm({ locale, onRead }: { locale: PageLocale; onRead: (source: ImportSource) => void }) {
  const t = useT();
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [pasted, setPasted] = useState('');
  const [busy, setBusy] = useState(false);

  const take = (name: string, encoding: string, text: string) => {
    const parsed = parseCsv(text);
    if (parsed.ok) {
      setProblem(null);
      onRead({ name, encoding, delimiter: parsed.delimiter, headers: parsed.headers, rows: parsed.rows });
      return;
    }
    switch (parsed.problem) {
      case 'too_many_rows':
        return setProblem(t('import.problem.too_many_rows', { rows: formatNumber(parsed.rows, locale), max: formatNumber(MAX_IMPORT_ROWS, locale) }));
      case 'too_many_columns':
        return setProblem(t('import.problem.too_many_columns', { columns: parsed.columns }));
      case 'unclosed_quote':
        return setProblem(t('import.problem.unclosed_quote', { line: parsed.line }));
      case 'too_large':
        return setProblem(t('import.problem.too_large', { size: megabytes(parsed.bytes, locale), max: megabytes(MAX_IMPORT_BYTES, locale) }));
      default:
        return setProblem(t(`import.problem.${parsed.problem}`));
    }
  };

  const readFile = async (file: File) => {
    if (file.size > MAX_IMPORT_BYTES) return setProblem(t('import.problem.too_large', { size: megabytes(file.size, locale), max: megabytes(MAX_IMPORT_BYTES, locale) }));
    setBusy(true);
    try {
      const decoded = decodeCsv(new Uint8Array(await file.arrayBuffer()));
      if (!decoded.ok) return setProblem(t(`import.problem.${decoded.problem}`));
      take(file.name, ENCODING_NAMES[decoded.encoding], decoded.text);
    } catch {
      setProblem(t('import.problem.read'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="imp-card imp-source" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('import.source.title')}</h2>
      <div className="imp-source-grid">
        <div className="imp-field">
          <label htmlFor={`${id}-file`}>{t('import.source.file')}</label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            disabled={busy}
            data-testid="import-file"
            aria-describedby={`${id}-file-hint`}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void readFile(file);
            }}
          />
          <p id={`${id}-file-hint`} className="muted imp-hint">
            {t('import.source.fileHint', { rows: formatNumber(MAX_IMPORT_ROWS, locale), size: megabytes(MAX_IMPORT_BYTES, locale) })}
          </p>
        </div>
        <form
          method="post"
          className="imp-field"
          onSubmit={(e) => {
            e.preventDefault();
            take(t('import.source.pastedName'), t('import.source.clipboard'), pasted);
          }}
        >
          <label htmlFor={`${id}-paste`}>{t('import.source.paste')}</label>
          <textarea id={`${id}-paste`} rows={5} value={pasted} onChange={(e) => setPasted(e.target.value)} data-testid="import-paste" aria-describedby={`${id}-paste-hint`} spellCheck={false} />
          <p id={`${id}-paste-hint`} className="muted imp-hint">
            {t('import.source.pasteHint')}
          </p>
          <button type="submit" className="button" disabled={pasted.trim() === ''}>
            {t('import.source.read')}
          </button>
        </form>
      </div>
      <p className="imp-problem" role="alert" data-testid="import-problem">
        {problem}
      </p>
    </section>
  );
}
