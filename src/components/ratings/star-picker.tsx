'use client';
import { RATING_STEPS } from '../../lib/schemas/app';

/**
 * The half-step star picker (spec §4: 0.5 to 5, default 5): ten radio buttons drawn as five
 * stars whose halves are the choices; arrow keys move by half a star, as a radio group does.
 */
export function StarPicker({ value, onChange, label, locale, name = 'score' }: { value: number; onChange: (score: number) => void; label: string; locale: string; name?: string }) {
  return (
    <fieldset className="star-picker" data-testid="star-picker">
      <legend>{label}</legend>
      <div className="star-row">
        {RATING_STEPS.map((step) => (
          <label key={step} className={`star-half ${step % 1 ? 'left' : 'right'} ${step <= value ? 'on' : ''}`} title={String(step)}>
            <input type="radio" name={name} value={step} checked={value === step} onChange={() => onChange(step)} data-testid={`star-${step}`} />
            <span aria-hidden="true">★</span>
            <span className="sr-only">{step}</span>
          </label>
        ))}
        <output className="star-value" aria-live="polite">
          {value.toLocaleString(locale === 'en' ? 'en-GB' : 'cs-CZ')} / 5
        </output>
      </div>
    </fieldset>
  );
}
