import type { Company } from './types';

/**
 * The Czech business register ARES (REST API of the Ministry of Finance): a subject by IČO,
 * its name, DIČ and seat split into street, house numbers, city and ZIP.
 */
export const ARES_URL = 'https://ares.gov.cz/ekonomicke-subjekty-v-be/rest/ekonomicke-subjekty';

type AresSubject = {
  ico: string;
  obchodniJmeno: string;
  dic?: string;
  sidlo?: { nazevUlice?: string; nazevCastiObce?: string; cisloDomovni?: number; cisloOrientacni?: number; cisloOrientacniPismeno?: string; nazevObce?: string; psc?: number; kodStatu?: string };
};

/** the company of an IČO; null when ARES does not know it; throws when ARES cannot be reached */
export async function aresCompany(ico: string, fetcher: typeof fetch = fetch): Promise<Omit<Company, 'source'> | null> {
  const res = await fetcher(`${ARES_URL}/${ico}`, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(3000) });
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`ARES answered ${res.status}`);
  const s = (await res.json()) as AresSubject;
  const seat = s.sidlo ?? {};
  const number = [seat.cisloDomovni, seat.cisloOrientacni ? `${seat.cisloOrientacni}${seat.cisloOrientacniPismeno ?? ''}` : null].filter(Boolean).join('/');
  return {
    ico: s.ico,
    dic: s.dic ?? null,
    company: s.obchodniJmeno,
    street: [seat.nazevUlice ?? seat.nazevCastiObce ?? seat.nazevObce, number].filter(Boolean).join(' '),
    city: seat.nazevObce ?? '',
    zip: seat.psc ? String(seat.psc).padStart(5, '0') : '',
    country: seat.kodStatu === 'SK' ? 'sk' : 'cz',
  };
}
