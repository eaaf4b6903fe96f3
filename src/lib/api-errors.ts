/** A field error of the §8 validation shape, as the origin sends it and the forms map it. */
export type FieldError = { field: string; code: string; message: string };

/**
 * Server field names → form field paths: `packages.0.weight` → `content.0.weight`,
 * `from.zip` → `sender.zip`, `to.*` → `recipient.*`, `services.cod.*` unchanged.
 */
export function formFieldOf(apiField: string): string {
  return apiField
    .replace(/^packages\./, 'content.')
    .replace(/^from\./, 'sender.')
    .replace(/^to\./, 'recipient.')
    .replace(/\.firstname$/, '.firstName')
    .replace(/\.surname$/, '.lastName')
    .replace(/\.company$/, '.companyName');
}

/** field path → translation id of its first error */
export function fieldErrorMap(errors: readonly FieldError[]): Record<string, string> {
  const map: Record<string, string> = {};
  for (const e of errors) map[formFieldOf(e.field)] ??= e.code;
  return map;
}
