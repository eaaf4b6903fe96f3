import type { PageLocale } from '../../routes';

/** The registration form's values and its request: shared by the form and the edge's handling of its post without JavaScript. */
export type Segment = 'A' | 'B';
export type BusinessCountry = 'cz' | 'sk';
export type TextKey = 'email' | 'password' | 'firstname' | 'surname' | 'phone' | 'company' | 'ico' | 'dic' | 'ic_dph' | 'street' | 'city' | 'zip';
export type Values = Record<TextKey, string> & { country: BusinessCountry; terms: boolean };

export const TEXT_KEYS: readonly TextKey[] = ['email', 'password', 'firstname', 'surname', 'phone', 'company', 'ico', 'dic', 'ic_dph', 'street', 'city', 'zip'];
const BUSINESS_FIELDS: readonly (keyof Values)[] = ['company', 'ico', 'dic', 'ic_dph', 'street', 'city', 'zip', 'country'];

export const initialValues = (country: BusinessCountry): Values => ({
  email: '',
  password: '',
  firstname: '',
  surname: '',
  phone: '',
  company: '',
  ico: '',
  dic: '',
  ic_dph: '',
  street: '',
  city: '',
  zip: '',
  country,
  terms: false,
});

/** the request of a segment: a personal account sends no company */
export function requestOf(segment: Segment, values: Values, language: PageLocale) {
  const { ic_dph, ...rest } = values;
  const body = { ...rest, ...(values.country === 'sk' ? { ic_dph } : {}), segment, language };
  if (segment === 'B') return body;
  return Object.fromEntries(Object.entries(body).filter(([key]) => !BUSINESS_FIELDS.includes(key as keyof Values)));
}
