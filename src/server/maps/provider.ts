/**
 * The maps service seam (spec §7 suggest / rgeocode). Routers talk to a MapsProvider only; the
 * provider is picked by the MAPS_PROVIDER variable. Only 'local' (the bundled CZ/SK places
 * dataset) exists; a real geocoder would be another implementation of this interface.
 */
import type { MapCountry, SuggestQuery } from '../../lib/schemas/shipping-data';
import { localMapsProvider } from './local';

export type SuggestParams = SuggestQuery;

export type Suggestion = {
  id: string;
  title: string;
  subtitle: string;
  zip: string;
  city: string;
  country: MapCountry;
  location: { lat: number; lng: number };
};

export type ReverseGeocoded = {
  id: string;
  title: string;
  zip: string;
  city: string;
  country: MapCountry;
  lat: number;
  lng: number;
};

export interface MapsProvider {
  suggest(params: SuggestParams): Promise<Suggestion[]>;
  /** the address at a point; null when the provider knows nothing near it */
  rgeocode(lon: number, lat: number): Promise<ReverseGeocoded | null>;
}

export type MapsEnv = { MAPS_PROVIDER?: string };

export function mapsProvider(env: MapsEnv): MapsProvider {
  const name = env.MAPS_PROVIDER || 'local';
  if (name === 'local') return localMapsProvider;
  throw new Error(`Unknown MAPS_PROVIDER '${name}' (implemented: local)`);
}
