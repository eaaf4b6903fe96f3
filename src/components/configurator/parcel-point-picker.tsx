'use client';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { apiGet, ApiClientError } from '../../api/client';
import { formatDistance, openingHoursOf, parcelPointQuery, pragueWeekday } from '../../lib/configurator-form';
import { displayZip } from '../../lib/validators';
import type { ParcelPoint, ParcelPointCarrier } from '../../lib/types/quote';
import { NETWORK_NAMES } from '../carrier-page/carrier-facts';
import type { PageLocale } from '../../routes';
import { useT } from '../i18n/client';
import { fieldId, useErrorText, type StepForm } from './form';

const ParcelPointMap = lazy(() => import('./parcel-point-map'));

const RESULT_LIMIT = 20;
const ADDRESS_DEBOUNCE_MS = 600;
const WIDE_SCREEN = '(min-width: 900px)';

type SearchResult = { points: ParcelPoint[]; origin: { lat: number; lng: number } };

function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(false);
  useEffect(() => {
    const list = window.matchMedia(query);
    setMatches(list.matches);
    const listener = (event: MediaQueryListEvent) => setMatches(event.matches);
    list.addEventListener('change', listener);
    return () => list.removeEventListener('change', listener);
  }, [query]);
  return matches;
}

type Props = {
  /** the form field ('collectionPoint' or 'deliveryPoint') */
  path: 'collectionPoint' | 'deliveryPoint';
  network: ParcelPointCarrier;
  value: ParcelPoint | null;
  onChange: (point: ParcelPoint | null) => void;
  /** PSČ or town of the address on this side, searched first */
  initialQuery: string;
  country: string;
  mapsKey: string | null;
  locale: PageLocale;
  form: StepForm;
};

/**
 * A parcel point of the quote's network: a list searchable by town or PSČ (or the
 * browser's location), nearest first with distance and today's opening hours; with a
 * Google Maps key, a map beside the list on wide screens.
 */
export function ParcelPointPicker({ path, network, value, onChange, initialQuery, country, mapsKey, locale, form }: Props) {
  const t = useT();
  const errorText = useErrorText();
  const wide = useMediaQuery(WIDE_SCREEN);
  const [query, setQuery] = useState(initialQuery);
  const [result, setResult] = useState<SearchResult | null>(null);
  const [status, setStatus] = useState<'idle' | 'loading'>('idle');
  const [searchError, setSearchError] = useState<string | null>(null);
  const [changing, setChanging] = useState(value === null);
  const abort = useRef<AbortController | null>(null);
  const today = pragueWeekday(new Date());
  const error = form.errors[path];
  const id = fieldId(path);
  const mapCountry = ['cz', 'sk'].includes(country.toLowerCase()) ? country.toLowerCase() : null;

  const search = useCallback(
    async (params: Record<string, string>, silent = false) => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      setStatus('loading');
      setSearchError(null);
      const query = new URLSearchParams({ ...params, carrier: network, limit: String(RESULT_LIMIT) });
      if (path === 'collectionPoint') query.set('collection', '1');
      if (mapCountry && !('lat' in params)) query.set('country', mapCountry);
      try {
        setResult(await apiGet<SearchResult>(`/v1/parcelpoints/search?${query}`, { signal: controller.signal, language: locale }));
        setStatus('idle');
      } catch (e) {
        if (controller.signal.aborted) return;
        setStatus('idle');
        if (silent) return;
        setResult(null);
        setSearchError(e instanceof ApiClientError && e.errors[0] ? e.errors[0].code : 'configurator.pp.searchFailed');
      }
    },
    [network, path, mapCountry, locale],
  );

  const searchText = (text: string, silent = false) => {
    const params = parcelPointQuery(text);
    if (params) void search(params, silent);
  };

  // until the user searches for something else, the list follows the address on this side
  const ownQuery = useRef(false);
  useEffect(() => {
    if (!changing || ownQuery.current) return;
    setQuery(initialQuery);
    const timer = setTimeout(() => searchText(initialQuery, true), result === null ? 0 : ADDRESS_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [changing, initialQuery]);

  useEffect(() => () => abort.current?.abort(), []);

  const locate = () => {
    navigator.geolocation?.getCurrentPosition(
      (position) => void search({ lat: position.coords.latitude.toFixed(6), lng: position.coords.longitude.toFixed(6) }),
      () => setSearchError('configurator.pp.locationDenied'),
      { timeout: 10_000 },
    );
  };

  const select = (point: ParcelPoint) => {
    form.changed(path);
    onChange(point);
    setChanging(false);
  };

  const describedBy = error ? `${id}-error` : undefined;
  // next to the control it describes (the search or the chosen point), never under the scrolled list
  const errorLine = error && (
    <p className="field-error" id={`${id}-error`}>
      {errorText(error)}
    </p>
  );

  return (
    <section className="cfg-pp" aria-labelledby={`${id}-title`} data-testid={`picker-${path}`}>
      <h3 id={`${id}-title`}>{t(`configurator.pp.title.${path}`)}</h3>
      <p className="cfg-hint">{t(`configurator.pp.hint.${path}`, { carrier: NETWORK_NAMES[network] ?? network })}</p>
      {value && !changing ? (
        <>
          <div className="cfg-pp-selected" id={id} tabIndex={-1} data-field={path} aria-invalid={Boolean(error)} aria-describedby={describedBy}>
            <div>
              <strong>{value.name}</strong>
              <p>{`${value.street}, ${displayZip(value.zip, value.country)} ${value.city}`}</p>
              <p className="cfg-hint">{openingText(t, openingHoursOf(value, today))}</p>
            </div>
            <button type="button" className="button" onClick={() => setChanging(true)}>
              {t('configurator.pp.change')}
            </button>
          </div>
          {errorLine}
        </>
      ) : (
        <>
          <div className="cfg-pp-search" role="search">
            <label htmlFor={id} className="visually-hidden">
              {t('configurator.pp.searchLabel')}
            </label>
            <input
              id={id}
              data-field={path}
              type="search"
              value={query}
              placeholder={t('configurator.pp.searchLabel')}
              aria-invalid={Boolean(error)}
              aria-describedby={describedBy}
              onChange={(e) => {
                ownQuery.current = true;
                setQuery(e.target.value);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  searchText(query);
                }
              }}
            />
            <button type="button" className="button primary" onClick={() => searchText(query)}>
              {t('configurator.pp.search')}
            </button>
            <button type="button" className="button" onClick={locate}>
              {t('configurator.pp.nearMe')}
            </button>
          </div>
          {errorLine}
          {searchError && <p className="field-error">{errorText(searchError)}</p>}
          <div className={`cfg-pp-body${wide && mapsKey ? ' with-map' : ''}`}>
            <div className="cfg-pp-list" aria-busy={status === 'loading'}>
              {status === 'loading' && <p className="cfg-hint">{t('configurator.pp.searching')}</p>}
              {status !== 'loading' && result?.points.length === 0 && <p>{t('configurator.pp.none')}</p>}
              <ul>
                {result?.points.map((point) => (
                  <li key={point.id} className={point.id === value?.id ? 'is-selected' : undefined}>
                    <div className="cfg-pp-info">
                      <strong>{point.name}</strong>
                      <span>{`${point.street}, ${point.city}`}</span>
                      <span className="cfg-hint">
                        {[point.distance !== null ? formatDistance(point.distance, locale) : null, openingText(t, openingHoursOf(point, today))]
                          .filter(Boolean)
                          .join(' · ')}
                      </span>
                      <span className="cfg-pp-tags">
                        {point.attributes.isLocker && <span className="tag">{t('configurator.pp.locker')}</span>}
                        {point.services.cardPayment && <span className="tag">{t('configurator.pp.card')}</span>}
                        {point.services.openSaturday && <span className="tag">{t('configurator.pp.saturday')}</span>}
                      </span>
                    </div>
                    <button type="button" className="button" onClick={() => select(point)} aria-label={`${t('configurator.pp.select')}: ${point.name}`}>
                      {t('configurator.pp.select')}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
            {wide && mapsKey && result && (
              <Suspense fallback={<div className="cfg-map" />}>
                <ParcelPointMap
                  apiKey={mapsKey}
                  language={locale}
                  origin={result.origin}
                  points={result.points}
                  selectedId={value?.id ?? null}
                  onSelect={select}
                />
              </Suspense>
            )}
          </div>
        </>
      )}
    </section>
  );
}

const openingText = (t: ReturnType<typeof useT>, hours: string | null) =>
  hours ? t('configurator.pp.openToday', { hours }) : t('configurator.pp.closedToday');
