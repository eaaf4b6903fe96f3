'use client';
import { useState } from 'react';
import { ApiClientError } from '../../../api/client';

export type FieldErrors = Record<string, string>;

/**
 * One settings form's sending state: busy, the §8 field errors by field, a form-level error
 * and the saved confirmation. `run` sends; a validation answer lands beside its fields.
 */
export function useForm() {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const run = async (send: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    setSaved(false);
    setFailure(null);
    setErrors({});
    try {
      await send();
      setSaved(true);
      return true;
    } catch (error) {
      if (error instanceof ApiClientError && error.errors.length > 0) {
        // bare codes (BAD_ORIGINAL_PASSWORD) have their texts under validation.
        setErrors(Object.fromEntries(error.errors.map((e) => [e.field, e.code.includes('.') ? e.code : `validation.${e.code}`])));
        setFailure('client.settings.fixFields');
      } else if (error instanceof ApiClientError && error.status === 429) setFailure('client.settings.tooMany');
      else setFailure('client.settings.failed');
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, errors, failure, saved, run };
}
