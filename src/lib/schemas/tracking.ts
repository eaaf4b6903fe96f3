import * as v from 'valibot';
import { trackingNumberError } from '../validators';

/**
 * Tracking number (spec §5): one message per input, in the order tracking.required →
 * tracking.invalid_number_op (an order number) → tracking.invalid_number. Output is
 * trimmed and uppercase.
 */
export const TrackingNumberSchema = v.pipe(
  v.string('tracking.required'),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const error = trackingNumberError(dataset.value);
    if (error) addIssue({ message: `tracking.${error}` });
  }),
  v.trim(),
  v.toUpperCase(),
);
export type TrackingNumberOutput = v.InferOutput<typeof TrackingNumberSchema>;
