import { MAX_PACKAGES } from '../../../lib/quote-defaults';
import { codCurrencies, shipmentCategory } from '../../../lib/quote-rules';
import type { Charge, Money, Quote, QuoteAttributes, QuoteProblem, TimeInTransit } from '../../../lib/types/quote';
import { carrierDisplayName, serviceDisplayName } from '../names';
import type { CarrierSheet, ServiceSheet, ZoneCode, ZoneRate } from '../types';
import { customsClearanceRequired } from './customs';
import { formatAmount, formatNumber, problem, type ProblemCode } from './messages';
import { czkToMinor, exceedsLimit, fromCzk, limitMinor, percentOf, toCzkMinor, toMoney, VAT_PERCENT } from './money';
import type { Parcel, PricingContext, Shipment } from './shipment';
import { bookableWindows, chooseWindow, timeInTransit, windowTimeInTransit } from './transit';
import { routeZones } from './zones';

/**
 * The pure quote engine: prices a shipment from carriers' rate sheets (zones × weight
 * breaks × surcharges, VAT by territory) at a given instant with given exchange rates.
 * A carrier that cannot take the shipment answers with restrictions, never an exception;
 * a quote without a price carries an error, so `price` is null exactly when errors exist.
 */

export const serviceIdOf = (sheet: CarrierSheet, service: ServiceSheet) => `${sheet.carrier}-${service.code}`;

/** Parcel priced at the first weight break at or above its chargeable weight; null above the zone's last price. */
function priceOf(service: ServiceSheet, rate: ZoneRate, weight: number): number | null {
  // Stryker disable next-line EqualityOperator: only a weight of exactly a break + 1e-9 tells < from <=
  const index = service.weights.findIndex((w) => weight <= w + 1e-9);
  // Stryker disable next-line ConditionalExpression: prices[-1] is undefined, which prices as null too
  const price = index < 0 ? null : rate.prices[index];
  return price === null || price === undefined ? null : czkToMinor(price);
}

/** The heaviest break the zone still prices. */
function zoneMaxWeight(service: ServiceSheet, rate: ZoneRate): number {
  for (let i = rate.prices.length - 1; i >= 0; i--) if (rate.prices[i] !== null) return service.weights[i];
  return 0;
}

const chargeableWeight = (service: ServiceSheet, parcel: Parcel) =>
  service.volumetricDivisor ? Math.max(parcel.weight, (parcel.length * parcel.width * parcel.height) / service.volumetricDivisor) : parcel.weight;

function freightTypeOf(parcels: Parcel[]): QuoteAttributes['freightType'] {
  if (parcels.some((p) => p.type === 'pallet')) return 'pallet';
  if (parcels.some((p) => p.type === 'tire')) return 'tire';
  if (parcels.every((p) => p.type === 'envelope')) return 'envelope';
  return 'parcel';
}

/** FNV-1a, enough to tell quotes for different inputs apart. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

function serviceAttributes(service: ServiceSheet, shipment: Shipment, deliveryBranchPreferred: boolean): QuoteAttributes {
  const customs = customsClearanceRequired(shipment.from, shipment.to);
  return {
    affiliate: false,
    pickupBranchRequired: service.type === 'DROPOFF',
    deliveryBranchRequired: service.deliveryBranch === 'required',
    deliveryBranchSupported: service.deliveryBranch !== 'none',
    expressDelivery: service.expressDelivery,
    trackingAvailable: true,
    labelPrintingRequired: service.labelPrintingRequired,
    customsClearanceRequired: customs,
    ownInvoiceUploadAllowed: customs && service.ownInvoiceUploadAllowed,
    addressLevelLock: 0,
    freightType: freightTypeOf(shipment.packages),
    deliveryBranchPreferred,
  };
}

function quoteService(sheet: CarrierSheet, service: ServiceSheet, zones: ZoneCode[], shipment: Shipment, context: PricingContext): Quote {
  const { language, currency } = shipment;
  const { exchangeRates } = context;
  const restrictions: QuoteProblem[] = [];
  const restrict = (...args: Parameters<typeof problem>) => restrictions.push(problem(...args));
  const zone = zones.find((z) => service.zones[z] !== undefined);
  const rate = zone ? service.zones[zone] : undefined;
  const inCurrency = (minorCzk: number) => fromCzk(minorCzk, currency, exchangeRates);

  if (!rate) restrict('ROUTE_NOT_SERVED', language, 'to.country');
  shipment.packages.forEach((parcel, i) => {
    if (!service.packageTypes.includes(parcel.type)) restrict('PACKAGE_TYPE_NOT_SUPPORTED', language, `packages.${i}.type`);
  });
  const maxPackages = service.limits.maxPackages ?? MAX_PACKAGES;
  if (shipment.packages.length > maxPackages) restrict('TOO_MANY_PACKAGES', language, 'packages', { max: String(maxPackages) });

  const maxWeight = rate ? Math.min(service.limits.maxWeight, zoneMaxWeight(service, rate)) : service.limits.maxWeight;
  const { maxLength, maxGirth } = service.limits;
  let priced = rate !== undefined;
  let base = 0;
  shipment.packages.forEach((parcel, i) => {
    const [longest, middle, shortest] = [parcel.length, parcel.width, parcel.height].sort((a, b) => b - a);
    if (longest > maxLength) restrict('DIMENSIONS_LIMIT_EXCEEDED', language, `packages.${i}.length`, { max: formatNumber(maxLength, language) });
    else if (maxGirth !== null && longest + 2 * (middle + shortest) > maxGirth) {
      restrict('GIRTH_LIMIT_EXCEEDED', language, `packages.${i}.length`, { max: formatNumber(maxGirth, language) });
    }
    const price = rate ? priceOf(service, rate, chargeableWeight(service, parcel)) : null;
    if (rate && price === null) priced = false;
    if (parcel.weight > maxWeight || (rate && price === null)) {
      restrict('WEIGHT_LIMIT_EXCEEDED', language, `packages.${i}.weight`, { max: formatNumber(maxWeight, language) });
    }
    base += price ?? 0;
  });

  const { surcharges } = service;
  const deliveryBranchPreferred =
    service.deliveryBranch === 'required' || (service.deliveryBranch === 'optional' && shipment.preferDeliveryBranch);
  if (service.deliveryBranch === 'optional' && shipment.preferDeliveryBranch && surcharges.branchDiscount) {
    base = Math.max(0, base - czkToMinor(surcharges.branchDiscount) * shipment.packages.length);
  }
  let express = surcharges.express ? czkToMinor(surcharges.express) : 0;

  let complete = true;
  let times;
  if (service.timeWindows) {
    const windows = bookableWindows(service.timeWindows, shipment.from.country, context.now, shipment.pickupDate);
    const window = shipment.complete ? chooseWindow(windows, shipment.fromTime) : null;
    if (window?.peak) express += czkToMinor(service.timeWindows.peakSurcharge);
    complete = shipment.complete;
    times = windowTimeInTransit(service, windows[0].date, window);
  } else {
    times = timeInTransit(service, shipment, rate?.transitDays ?? null, context.now);
  }

  /** the carrier's COD terms where it collects on this route */
  const codOffer = surcharges.cod && codCurrencies(shipment.from.country, shipment.to.country).length > 0 ? surcharges.cod : null;
  if (shipment.cod && !codOffer) restrict('COD_NOT_AVAILABLE', language, 'services.cod');
  /** where the COD limit's restriction goes (it is known once the price is) */
  const codRestrictionAt = restrictions.length;

  const insurance = surcharges.insurance;
  let premium = 0;
  if (shipment.insurance) {
    const insured = shipment.insurance;
    // the excess over the carrier's cover in the value's own terms (a value in euros over the EUR figure), priced in CZK
    const excess =
      insured.currency === 'EUR'
        ? toCzkMinor(toMoney(Math.round(insured.value * 100) - Math.round(insurance.includedEur * 100), 'EUR'), exchangeRates)
        : toCzkMinor(insured, exchangeRates) - czkToMinor(insurance.included);
    if (excess > 0) premium = Math.max(czkToMinor(insurance.min), percentOf(excess, insurance.permille / 10));
    if (exceedsLimit(insured, insurance.max, insurance.maxEur, exchangeRates)) {
      const max = limitMinor(insurance.max, insurance.maxEur, insured.currency, exchangeRates) / 100;
      restrict('INSURANCE_LIMIT_EXCEEDED', language, 'services.ins.value', { max: formatAmount(max, insured.currency, language) });
    }
  }

  let hdf = 0;
  if (shipment.hdf) {
    if (surcharges.hdf === undefined) restrict('HDF_NOT_AVAILABLE', language, 'services.hdf');
    else hdf = czkToMinor(surcharges.hdf);
  }


  const serviceId = serviceIdOf(sheet, service);
  const errors: QuoteProblem[] = priced ? [] : [problem('PRICE_UNAVAILABLE', language)];
  const charges: Charge[] = [];
  let price = null;
  let priceVat = null;
  /** the price's lines before VAT (CZK minor) with a COD fee */
  const lineAmounts = (cod: number): [Charge['code'], number][] => [
    ['base', base],
    ['fuel', percentOf(base + express, sheet.fuelPercent)],
    ['toll', percentOf(base, sheet.tollPercent ?? 0)],
    ['express', express],
    ['cod', cod],
    ['insurance', premium],
    ['hdf', hdf],
  ];
  const vatPercent = shipment.vatPercent ?? VAT_PERCENT[shipment.territory];
  // COD (spec §5): the carrier collects the amount, plus the shipment's price with VAT when the
  // sender adds the shipping; its fee is charged on what it collects, so the price with the
  // shipping added is a fixed point (its percent is small: two or three rounds settle it)
  let codAmount: Money | null = null;
  let fee = 0;
  if (codOffer && shipment.cod) {
    const goods = shipment.cod;
    /** the carrier's COD fee (CZK minor) on an amount it collects (CZK minor) */
    const codFee = (collectedCzk: number) => czkToMinor(codOffer.fee) + percentOf(collectedCzk, codOffer.percent);
    const goodsMinor = Math.round(goods.value * 100);
    // Stryker disable next-line ConditionalExpression: a same-currency amount round-trips through CZK unchanged (whole minor units, rates ≥ 1)
    const inCod = (minor: number) => (currency === goods.currency ? minor : fromCzk(toCzkMinor(toMoney(minor, currency), exchangeRates), goods.currency, exchangeRates));
    let collected = goodsMinor;
    fee = codFee(toCzkMinor(goods, exchangeRates));
    // the fee only grows with the amount, so the rounds rise to the fixed point and stop there, never at the cap
    // Stryker disable next-line ConditionalExpression,EqualityOperator,UpdateOperator: the cap of 8 rounds is never reached (above)
    for (let round = 0; priced && shipment.codWithShipping && round < 8; round++) {
      const net = lineAmounts(fee).reduce((sum, [, amount]) => sum + inCurrency(amount), 0);
      collected = goodsMinor + inCod(net + percentOf(net, vatPercent));
      const next = codFee(toCzkMinor(toMoney(collected, goods.currency), exchangeRates));
      // Stryker disable next-line ConditionalExpression: another round at the fixed point gives the same fee
      if (next === fee) break;
      fee = next;
    }
    codAmount = toMoney(collected, goods.currency);
    const { max: maxCzk, maxEur } = codOffer;
    if (exceedsLimit(codAmount, maxCzk, maxEur, exchangeRates)) {
      const maxInCod = limitMinor(maxCzk, maxEur, goods.currency, exchangeRates) / 100;
      restrictions.splice(codRestrictionAt, 0, problem('COD_LIMIT_EXCEEDED', language, 'services.cod.value', { max: formatAmount(maxInCod, goods.currency, language) }));
    }
  }
  if (priced) {
    let net = 0;
    for (const [code, amount] of lineAmounts(fee)) {
      if (amount === 0 && code !== 'base') continue;
      const converted = inCurrency(amount);
      net += converted;
      charges.push({ code, amount: toMoney(converted, currency) });
    }
    const vat = percentOf(net, vatPercent);
    charges.push({ code: 'vat', amount: toMoney(vat, currency) });
    price = toMoney(net, currency);
    priceVat = toMoney(net + vat, currency);
  }

  const id = `${serviceId}-${hash(JSON.stringify([shipment, times.pickupDate, times.pickupFromTime]))}`;
  const serviceName = serviceDisplayName(sheet.carrier, service.code, service.name, language);
  const quote: Quote = {
    id,
    serviceId,
    serviceName,
    complete,
    type: service.type,
    shipmentCategory: shipmentCategory(shipment.from.country, shipment.to.country, shipment.territory),
    price,
    priceVat,
    restrictions,
    errors,
    carrier: { code: sheet.carrier, name: carrierDisplayName(sheet.carrier, serviceName, language) },
    rating: sheet.rating,
    limits: { weight: maxWeight, insurance: toMoney(limitMinor(insurance.max, insurance.maxEur, currency, exchangeRates), currency) },
    attributes: serviceAttributes(service, shipment, deliveryBranchPreferred),
    timeInTransit: times,
    charges,
  };
  if (codOffer) quote.limits.cod = { CZK: codOffer.max, EUR: codOffer.maxEur };
  // only a quote with cash on delivery carries it (spec §3's fields otherwise); set after the literal, which V8 builds fastest without a spread
  if (codAmount) quote.codAmount = codAmount;
  return quote;
}

const NO_TIMES: TimeInTransit = {
  orderTimeLimit: null,
  pickupDate: null,
  deliveryDate: null,
  pickupFromTime: null,
  pickupToTime: null,
  pickupWindow: null,
  deliveryFromTime: null,
  deliveryToTime: null,
  deliveryWindow: null,
  hoursInTransit: null,
};

/**
 * The quote of a carrier that could not be priced: the service (or the carrier's first)
 * with no price and the reason: CARRIER_UNAVAILABLE (the carrier failed or missed its
 * deadline) or INTERNAL_ERROR (a bug of ours, reported).
 */
export function unavailableQuote(
  sheet: CarrierSheet,
  shipment: Shipment,
  context: PricingContext,
  serviceId?: string,
  code: Extract<ProblemCode, 'CARRIER_UNAVAILABLE' | 'INTERNAL_ERROR'> = 'CARRIER_UNAVAILABLE',
): Quote {
  const service = sheet.services.find((s) => serviceIdOf(sheet, s) === serviceId) ?? sheet.services[0];
  const id = serviceIdOf(sheet, service);
  const serviceName = serviceDisplayName(sheet.carrier, service.code, service.name, shipment.language);
  return {
    id: `${id}-unavailable`,
    serviceId: id,
    serviceName,
    complete: true,
    type: service.type,
    shipmentCategory: shipmentCategory(shipment.from.country, shipment.to.country, shipment.territory),
    price: null,
    priceVat: null,
    restrictions: [],
    errors: [problem(code, shipment.language)],
    carrier: { code: sheet.carrier, name: carrierDisplayName(sheet.carrier, serviceName, shipment.language) },
    rating: sheet.rating,
    limits: {
      weight: service.limits.maxWeight,
      insurance: toMoney(limitMinor(service.surcharges.insurance.max, service.surcharges.insurance.maxEur, shipment.currency, context.exchangeRates), shipment.currency),
    },
    attributes: serviceAttributes(service, shipment, service.deliveryBranch === 'required'),
    timeInTransit: NO_TIMES,
    charges: [],
  };
}

/**
 * The services of a carrier worth quoting: those that carry every package type and serve
 * the route; when none does, the first service that could carry the packages (or the
 * first service) so that the carrier still answers with the reason.
 */
function servicesFor(sheet: CarrierSheet, shipment: Shipment, zones: ZoneCode[]): ServiceSheet[] {
  const fitting = sheet.services.filter((s) => shipment.packages.every((p) => s.packageTypes.includes(p.type)));
  const serving = fitting.filter((s) => zones.some((z) => s.zones[z] !== undefined));
  return serving.length > 0 ? serving : [fitting[0] ?? sheet.services[0]];
}

/** Quotes of one carrier; with `serviceId` only that service (none when the carrier has no such service). */
export function quoteCarrier(sheet: CarrierSheet, shipment: Shipment, context: PricingContext, serviceId?: string): Quote[] {
  const zones = routeZones(shipment.from, shipment.to);
  const services = serviceId
    ? sheet.services.filter((s) => serviceIdOf(sheet, s) === serviceId)
    : servicesFor(sheet, shipment, zones);
  return services.map((service) => quoteService(sheet, service, zones, shipment, context));
}

/** Quotes of every given carrier, in the order of the sheets. */
export function quoteAll(shipment: Shipment, sheets: readonly CarrierSheet[], context: PricingContext): Quote[] {
  return sheets.flatMap((sheet) => quoteCarrier(sheet, shipment, context));
}
