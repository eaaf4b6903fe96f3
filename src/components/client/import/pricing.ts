import { PRICE_BATCH_ROWS } from '../../../lib/csv-import/limits';
import type { ImportRowRequest } from '../../../lib/csv-import/rows';
import type { ImportPriceAnswer, PriceStrategy } from '../../../lib/schemas/import';

/**
 * The rows to price, sent PRICE_BATCH_ROWS at a time (the API takes JSON bodies up to
 * 256 kB); each batch's answers are handed over as they come, by the row's own index.
 */
export async function priceInBatches(
  rows: readonly { index: number; request: ImportRowRequest }[],
  strategy: PriceStrategy,
  post: (body: { rows: ImportRowRequest[]; strategy: PriceStrategy }, signal: AbortSignal) => Promise<{ rows: ImportPriceAnswer[] }>,
  onAnswers: (answers: ImportPriceAnswer[], done: number, total: number) => void,
  signal: AbortSignal,
): Promise<void> {
  for (let start = 0; start < rows.length; start += PRICE_BATCH_ROWS) {
    const batch = rows.slice(start, start + PRICE_BATCH_ROWS);
    const { rows: answers } = await post({ rows: batch.map((row) => row.request), strategy }, signal);
    onAnswers(
      answers.map((answer) => ({ ...answer, index: batch[answer.index]!.index })),
      start + batch.length,
      rows.length,
    );
  }
}
