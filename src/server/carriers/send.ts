import type { CarrierCode } from '../../lib/types/quote';
import { CarrierUnavailableError } from './types';

/**
 * One call to a carrier's API, as every carrier client makes it: a timeout (that holds also when
 * an injected fetch ignores the abort signal), one JSON log line with the call's name, HTTP
 * status and duration (no personal data), and a failure to answer as CarrierUnavailableError.
 * `label` names the carrier in the error ('UPS', 'Česká pošta').
 */
export function carrierSender(carrier: CarrierCode, label: string, doFetch: (request: Request) => Promise<Response>, timeoutMs: number) {
  return async function send(name: string, request: Request): Promise<Response> {
    const started = Date.now();
    const signal = AbortSignal.timeout(timeoutMs);
    const timedOut = new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true }));
    try {
      const response = await Promise.race([doFetch(new Request(request, { signal })), timedOut]);
      console.info(JSON.stringify({ carrier, call: name, status: response.status, ms: Date.now() - started }));
      return response;
    } catch (error) {
      console.warn(JSON.stringify({ carrier, call: name, status: 'failed', ms: Date.now() - started, error: (error as Error).name }));
      throw new CarrierUnavailableError(carrier, `${label} ${name}: ${(error as Error).name === 'TimeoutError' ? 'timed out' : 'unreachable'}`, { cause: error });
    }
  };
}
