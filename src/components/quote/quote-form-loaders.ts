import comparisonGroup from 'virtual:client-reference-group:/src/components/quote/quote-comparison.tsx';
import headerGroup from 'virtual:client-reference-group:/src/components/layout/configurator-header.tsx';
import type { Dispatch, SetStateAction } from 'react';
import type { PackageRow, QuoteFormErrors, QuoteFormModel } from '../../lib/quote-form-rules';
import type { Territory } from '../../lib/types/quote';

/**
 * What the home quote form loads after the page (src/components/quote/quote-form-island.tsx),
 * one step removed: the island imports this small module when the browser is idle or the
 * visitor first focuses the form, and this module loads the rest. The island's own chunk, which
 * the home page loads with its HTML, then carries one import and not the list of every file the
 * configurator state and the carrier step are made of (their preload lists).
 */

/**
 * The configurator state (jotai atoms, persistence with its schemas and migrations), the quote
 * stream, the form's rules and validators: the largest client modules of the path.
 */
export const loadState = () =>
  Promise.all([
    import('jotai'),
    import('../../state/configurator'),
    import('../../lib/schemas/draft'),
    import('./quote-stream'),
    import('../../lib/validators'),
    import('../../lib/quote-form-rules'),
  ]).then(([jotai, state, draft, stream, validators, rules]) => {
    const store = jotai.getDefaultStore();
    // mounting reads the persisted state; until then the atoms hold defaults, and
    // writing those back would wipe a stored cart
    store.sub(state.draftAtom, () => undefined);
    /**
     * "Compare prices": the form's errors, or a new draft whose quotes start streaming at once;
     * then the comparison to show in the form's place (it brings the carrier step's route once
     * the first quote has painted: inline-comparison.tsx, loaded with the carrier step's code),
     * null when the form has errors.
     */
    const submit = (form: QuoteFormModel, territory: Territory, language: string, setErrors: Dispatch<SetStateAction<QuoteFormErrors>>) => {
      const found = rules.validateQuoteForm(form, validators);
      const first = Object.keys(found)[0];
      // no errors before or now: no render for them
      setErrors((before) => (first || Object.keys(before).length ? found : before));
      if (first) {
        document.getElementById(`qf-${first.replace(/\./g, '-')}`)?.focus();
        return null;
      }
      const next = rules.draftOfQuoteForm(form, draft.emptyDraft(territory));
      store.set(state.startDraftAtom, next);
      stream.startQuoteStream(store, store.get(state.draftAtom) ?? next, language);
      return import('./inline-comparison').then((m) => m.InlineComparison);
    };
    return { store, state, validators, rules, submit };
  });
export type StateModule = Awaited<ReturnType<typeof loadState>>;

let carrierStepCode: Promise<unknown> | null = null;
let cardFormats: Promise<unknown> | null = null;
/**
 * The carrier step's client code (the streamed comparison, also as shown in the form's place
 * after the click, the configurator's step navigation),
 * loaded at the form's first focus or pointer, or when the browser is idle after the page if
 * there is something to restore (a stored state, a session's default package, a complete form
 * from the address): "Compare prices" then waits for neither. Loaded as the chunks the step's payload names (the
 * client reference groups), so the navigation after the click fetches no code at all.
 * `formats` (the form's first focus or pointer): the quote cards' Intl formatters are built too,
 * one per idle callback (together they were a long task on a slow phone). Not with the page's
 * load: the first of them (NumberFormat's locale data) is one task of 73-122 ms at 4x thread time,
 * which Lighthouse counted as blocking on every home page load, a visitor who never compares included.
 */
export const loadCarrierStepCode = (language: string, formats = false) => {
  carrierStepCode ??= Promise.all([comparisonGroup(), headerGroup(), import('./inline-comparison')]).catch(() => (carrierStepCode = null));
  if (!formats) return;
  cardFormats ??= import('../../lib/format')
    .then((format) => {
      // built while the browser is idle (not between the click and the first price)
      const steps = format.quoteCardFormatSteps(language);
      const idle = (run: () => void) => (window.requestIdleCallback ? window.requestIdleCallback(run, { timeout: 1000 }) : window.setTimeout(run, 0));
      const prepare = () => {
        steps.shift()?.();
        if (steps.length > 0) idle(prepare);
      };
      idle(prepare);
    })
    .catch(() => (cardFormats = null));
};

/** a signed-in user's default package (settings), as a form row; null without one */
export async function defaultPackageRow(): Promise<PackageRow | null> {
  const { apiGet } = await import('../../api/client');
  const profile = await apiGet<{ default_package: { weight: number; width: number; height: number; length: number } | null }>('/v1/user/profile').catch(() => null);
  const pkg = profile?.default_package;
  return pkg ? { type: 'package', weight: String(pkg.weight), length: String(pkg.length), width: String(pkg.width), height: String(pkg.height) } : null;
}
