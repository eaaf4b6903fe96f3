import type { CarrierCallOutcome } from '../db/schema';
import type { CarrierTransport } from './booking';
import { CarrierRefusedError } from './booking';
import { CarrierUnavailableError } from './types';

export type CarrierCall = { carrier: string; call: string; outcome: CarrierCallOutcome; ms: number };

/** how a call to a carrier ended: its answer (ok or a refusal), the carrier not answering, or anything else (ours) */
export function outcomeOf(error: unknown): CarrierCallOutcome {
  if (error === undefined) return 'ok';
  if (error instanceof CarrierRefusedError) return 'refused';
  if (error instanceof CarrierUnavailableError) return 'unavailable';
  return 'error';
}

const CALLS = ['create', 'find', 'cancel', 'track', 'orderPickup', 'cancelPickup'] as const satisfies readonly (keyof CarrierTransport)[];

/**
 * The transport with every operation written to the call log (`record`: one entry per call
 * with its outcome and duration). A failing record is logged and never fails the call.
 */
export function withCallLog(transport: CarrierTransport, carrier: string, record: (call: CarrierCall) => Promise<unknown>): CarrierTransport {
  const logged = { ...transport } as Record<(typeof CALLS)[number], unknown>;
  for (const call of CALLS) {
    const operation = transport[call] as ((...args: unknown[]) => Promise<unknown>) | undefined;
    if (!operation) continue;
    logged[call] = async (...args: unknown[]) => {
      const started = Date.now();
      let failure: unknown;
      try {
        return await operation.apply(transport, args);
      } catch (error) {
        failure = error ?? new Error('rejected without a reason');
        throw error;
      } finally {
        await record({ carrier, call, outcome: outcomeOf(failure), ms: Date.now() - started }).catch((error: unknown) => console.error('carrier call log failed', error));
      }
    };
  }
  inner.set(logged, transport);
  return logged as unknown as CarrierTransport;
}

const inner = new WeakMap<object, CarrierTransport>();
/** the transport a logged one calls (tests: which client books) */
export const innerTransport = (transport: CarrierTransport | null): CarrierTransport | null => (transport && inner.get(transport)) ?? transport;
