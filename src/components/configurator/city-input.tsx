'use client';
import { useEffect, useRef, useState } from 'react';
import { apiGet } from '../../api/client';
import type { PageLocale } from '../../routes';

/** A town suggestion of v1/maps/suggest. */
export type Suggestion = { id: string; title: string; subtitle: string; zip: string; city: string; country: string };

const SUGGEST_COUNTRIES = ['cz', 'sk'];
const DEBOUNCE_MS = 250;

type Props = {
  control: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string; onBlur: () => void; 'data-field': string };
  value: string;
  country: string;
  locale: PageLocale;
  onChange: (value: string) => void;
  onPick: (suggestion: Suggestion) => void;
};

/** The city input: a combobox offering up to 5 towns (with their PSČ) of Czechia or Slovakia as the user types. */
export function CityInput({ control, value, country, locale, onChange, onPick }: Props) {
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = useRef(false);
  const input = useRef<HTMLInputElement>(null);
  const listId = `${control.id}-suggestions`;
  const code = country.toLowerCase();

  useEffect(() => {
    const query = value.trim();
    if (!typed.current || query.length < 2 || !SUGGEST_COUNTRIES.includes(code)) {
      setSuggestions([]);
      return;
    }
    const abort = new AbortController();
    const timer = setTimeout(() => {
      const params = new URLSearchParams({ query, lang: locale, limit: '5', locality: code });
      apiGet<Suggestion[] | null>(`/v1/maps/suggest?${params}`, { signal: abort.signal, language: locale })
        .then((result) => {
          setSuggestions(result ?? []);
          setActive(-1);
          setOpen(document.activeElement === input.current);
        })
        .catch(() => setSuggestions([]));
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [value, code, locale]);

  const pick = (suggestion: Suggestion) => {
    typed.current = false;
    setOpen(false);
    setSuggestions([]);
    onPick(suggestion);
  };
  const shown = open && suggestions.length > 0;

  return (
    <div className="cfg-combobox">
      <input
        {...control}
        ref={input}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="address-level2"
        value={value}
        onChange={(e) => {
          typed.current = true;
          onChange(e.target.value);
        }}
        onBlur={() => {
          control.onBlur();
          setTimeout(() => setOpen(false), 150);
        }}
        onKeyDown={(e) => {
          if (!shown) return;
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            const step = e.key === 'ArrowDown' ? 1 : -1;
            setActive((index) => (index + step + suggestions.length) % suggestions.length);
          } else if (e.key === 'Enter' && active >= 0) {
            e.preventDefault();
            pick(suggestions[active]);
          } else if (e.key === 'Escape') {
            setOpen(false);
          }
        }}
      />
      {shown && (
        <ul className="cfg-suggestions" role="listbox" id={listId}>
          {suggestions.map((suggestion, index) => (
            <li
              key={suggestion.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(suggestion);
              }}
            >
              <strong>{suggestion.title}</strong>
              <span>{suggestion.subtitle}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
