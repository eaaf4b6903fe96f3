import type { OriginBindings } from '../env';
import { aresCompany } from './ares';
import { SAMPLE_COMPANIES } from './sample';
import type { Company } from './types';

/**
 * Company lookup seam (registration fills name and address from the IČO): ARES when it can
 * be reached, else the bundled sample, and the answer says which.
 */
export async function lookupCompany(env: Pick<OriginBindings, 'COMPANY_REGISTER'>, ico: string, fetcher: typeof fetch = fetch): Promise<Company | null> {
  if (env.COMPANY_REGISTER !== 'sample') {
    try {
      const found = await aresCompany(ico, fetcher);
      return found && { ...found, source: 'ares' };
    } catch (error) {
      console.warn('ARES cannot be reached, answering from the sample', error instanceof Error ? error.message : error);
    }
  }
  const sample = SAMPLE_COMPANIES.find((c) => c.ico === ico);
  return sample ? { ...sample, source: 'sample' } : null;
}
