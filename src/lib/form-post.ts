/**
 * A sign-in, registration or forgotten-password form posted without JavaScript (or before
 * hydration): the edge handles the post and, unless it redirects, renders the page again
 * with this state, so the form shows the same messages as with JavaScript.
 */
export type FormPostState = {
  form: 'login' | 'register' | 'forgotten' | 'set-password';
  /** what the user typed, by field; never a password */
  values: Record<string, string>;
  /** field → translation id */
  errors: Record<string, string>;
  /** a form-level message: translation id and its values */
  message?: { kind: 'error' | 'success'; id: string; values?: Record<string, string | number> };
};

/** the state a form starts from: the posted one when it is this form's */
export const postedState = (state: FormPostState | undefined, form: FormPostState['form']): FormPostState | null => (state?.form === form ? state : null);
