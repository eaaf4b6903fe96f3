import type { Language } from '../../lib/language';
import { serviceNameBeside } from '../../lib/quote-rules';
import type { Quote } from '../../lib/types/quote';
import { carrierByServiceId } from './index';
import { carrierDisplayName, serviceDisplayName } from './names';

/**
 * A stored quote's carrier and service names in the given language, from its service id: a
 * quote keeps the names of the language it was priced in (old orders: Czech 'Na Balíkovnu').
 * `service` is null where the carrier's name already says it.
 */
export function storedQuoteNames(quote: Pick<Quote, 'serviceId' | 'serviceName' | 'carrier'>, language: Language): { carrier: string; service: string | null } {
  const carrier = carrierByServiceId(quote.serviceId);
  const sheet = carrier?.sheet.services.find((s) => `${carrier.code}-${s.code}` === quote.serviceId);
  if (!carrier || !sheet) return { carrier: quote.carrier.name, service: serviceNameBeside(quote.carrier.name, quote.serviceName) };
  const service = serviceDisplayName(carrier.code, sheet.code, sheet.name, language);
  const name = carrierDisplayName(quote.carrier.code, service, language);
  return { carrier: name, service: serviceNameBeside(name, service) };
}

/** carrier and service in one line, in the given language: 'Balíkovna to a pickup point' */
export function carrierAndServiceIn(quote: Pick<Quote, 'serviceId' | 'serviceName' | 'carrier'>, language: Language): string {
  const names = storedQuoteNames(quote, language);
  return [names.carrier, names.service].filter(Boolean).join(' ');
}
