import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  addressLevelFor,
  asidePrice,
  chosenExtras,
  countryOptions,
  errorsOfStep,
  formatDistance,
  formFieldOfServer,
  insuranceLimitError,
  isWorkingTime,
  issuesToFieldErrors,
  nextStep,
  openingHoursOf,
  parcelPointDisplayName,
  parcelPointNetwork,
  parcelPointQuery,
  parcelPointSearchText,
  parcelPointSides,
  pickupCountryOf,
  pragueWeekday,
  previousStep,
  priceBreakdown,
  restrictionFieldErrors,
  serverFieldErrors,
  timeWindowText,
} from '../../src/lib/configurator-form';
import { addressLevelSchema, emptyAddress } from '../../src/lib/schemas/address';
import { emptyDraft } from '../../src/lib/schemas/draft';
import { servicesSchema, emptyServices } from '../../src/lib/schemas/services';
import { sampleParcelPoint, sampleQuote } from './configurator-fixtures';

const customsQuote = () => sampleQuote({ attributes: { ...sampleQuote().attributes, customsClearanceRequired: true } });

describe('issuesToFieldErrors', () => {
  it('keys address errors by the form path under the side', () => {
    const address = { ...emptyAddress('cz', '+420'), zip: '811 04', phoneNumber: { prefix: '+420', number: '12' } };
    const errors = issuesToFieldErrors(v.safeParse(addressLevelSchema(2), address).issues, 'sender');
    expect(errors['sender.zip']).toBe('validation.zipCountry');
    expect(errors['sender.phoneNumber.number']).toBe('validation.phone');
    expect(errors['sender.firstName']).toBe('validation.required');
    expect(errors['sender.city']).toBe('validation.required');
  });

  it('drops the data level of services so paths match the fields', () => {
    const services = emptyServices();
    services.cod = { ...services.cod, active: true, data: { ...services.cod.data, currency: 'CZK', value: '' } };
    const errors = issuesToFieldErrors(v.safeParse(servicesSchema({ from: 'cz', to: 'cz' }), services).issues, 'services');
    expect(errors['services.cod.value']).toBe('validation.required');
    expect(errors['services.cod.bankAccount.accountNumber']).toBe('validation.required');
  });

  it('keeps the first message of a field', () => {
    const issues = [
      { path: [{ key: 'zip' }], input: 'x', message: 'validation.zip' },
      { path: [{ key: 'zip' }], input: 'x', message: 'validation.required' },
    ] as unknown as v.BaseIssue<unknown>[];
    expect(issuesToFieldErrors(issues, 'recipient')).toEqual({ 'recipient.zip': 'validation.zip' });
  });
});

describe('server errors on form fields', () => {
  it('maps API request names onto the form paths', () => {
    expect(formFieldOfServer('from.zip')).toBe('sender.zip');
    expect(formFieldOfServer('to.surname')).toBe('recipient.lastName');
    expect(formFieldOfServer('to.phone')).toBe('recipient.phoneNumber.number');
    expect(formFieldOfServer('pickup_date')).toBe('pickupDate');
    expect(formFieldOfServer('from_time')).toBe('pickupTime');
    expect(formFieldOfServer('delivery_branch_location')).toBe('deliveryPoint');
    expect(formFieldOfServer('services.cod.bank_account')).toBe('services.cod.bankAccount.accountNumber');
    expect(formFieldOfServer('customs.items.2.hs_code')).toBe('customs.items.2.hsCode');
    expect(formFieldOfServer('reference')).toBe('reference');
  });

  it('keeps the first server error of each field', () => {
    const errors = serverFieldErrors([
      { field: 'to.zip', code: 'validation.zip', message: 'validation.zip' },
      { field: 'to.zip', code: 'validation.required', message: 'validation.required' },
      { field: 'reference', code: 'validation.too_long', message: 'validation.too_long' },
    ]);
    expect(errors).toEqual({ 'recipient.zip': 'validation.zip', reference: 'validation.too_long' });
  });

  it('shows restrictions that name a field with the server text', () => {
    const errors = restrictionFieldErrors([
      { code: 'COD_LIMIT_EXCEEDED', message: 'Dobírka může být nejvýše 50 000 Kč.', field: 'services.cod.value' },
      { code: 'PRICE_UNAVAILABLE', message: 'Služba není dostupná.' },
    ]);
    expect(errors).toEqual({ 'services.cod.value': 'Dobírka může být nejvýše 50 000 Kč.' });
  });

  it('keeps only the errors of the fields a step shows', () => {
    const errors = { 'sender.zip': 'a', 'recipient.zip': 'b', senderX: 'c', collectionPoint: 'd' };
    expect(errorsOfStep(errors, ['sender', 'collectionPoint'])).toEqual({ 'sender.zip': 'a', collectionPoint: 'd' });
  });
});

describe('parcelPointSides', () => {
  const attributes = sampleQuote().attributes;

  it('requires a collection point for a drop-off service and a delivery point for a delivery-to-point service', () => {
    const quote = sampleQuote({ type: 'DROPOFF', attributes: { ...attributes, pickupBranchRequired: true, deliveryBranchRequired: true } });
    expect(parcelPointSides(emptyDraft('cz'), quote)).toEqual({ network: 'dpd', sender: 'required', recipient: 'required' });
  });

  it('keeps a courier pickup at the address; CZ → CZ needs a delivery point where the service can deliver to one', () => {
    const quote = sampleQuote({ type: 'ONDEMAND', attributes: { ...attributes, deliveryBranchSupported: true } });
    expect(parcelPointSides(emptyDraft('cz'), quote)).toEqual({ network: 'dpd', sender: 'none', recipient: 'required' });
  });

  it('leaves the delivery point optional when the route rule does not apply', () => {
    const draft = { ...emptyDraft('cz'), recipient: emptyAddress('de') };
    const quote = sampleQuote({ attributes: { ...attributes, deliveryBranchSupported: true } });
    expect(parcelPointSides(draft, quote).recipient).toBe('optional');
  });

  it('opens a side whose address is saved, and never limits pallets', () => {
    const quote = sampleQuote({ type: 'REGULAR', attributes: { ...attributes, deliveryBranchSupported: true } });
    const saved = { ...emptyDraft('cz'), recipient: { ...emptyAddress('cz'), id: 42 } };
    expect(parcelPointSides(saved, quote)).toEqual({ network: 'dpd', sender: 'required', recipient: 'optional' });
    const pallet = { ...emptyDraft('cz'), content: [{ type: 'pallet' as const, weight: '', width: '', height: '', length: '' }] };
    expect(parcelPointSides(pallet, quote)).toEqual({ network: 'dpd', sender: 'none', recipient: 'optional' });
  });

  it('asks for no point of a carrier without a parcel-point network', () => {
    const quote = sampleQuote({ carrier: { code: 'ups', name: 'UPS' }, attributes: { ...attributes, pickupBranchRequired: true } });
    expect(parcelPointSides(emptyDraft('cz'), quote)).toEqual({ network: null, sender: 'none', recipient: 'none' });
  });
});

describe('parcel point helpers', () => {
  it('knows the networks on the map', () => {
    expect(parcelPointNetwork('GLS')).toBe('gls');
    expect(parcelPointNetwork('fedex')).toBeNull();
  });

  it('searches a PSČ as a zip and anything else as a town', () => {
    expect(parcelPointQuery(' 602 00 ')).toEqual({ zip: '60200' });
    expect(parcelPointQuery('Brno')).toEqual({ city: 'Brno' });
    expect(parcelPointQuery('  ')).toBeNull();
  });

  it('lists the points of the address: by its PSČ once complete, else by its town', () => {
    expect(parcelPointSearchText({ zip: '602 00', city: 'Brno' })).toBe('602 00');
    expect(parcelPointSearchText({ zip: '60', city: 'Brno' })).toBe('Brno');
  });

  it('names a point as name, zip and town, street', () => {
    expect(parcelPointDisplayName(sampleParcelPoint())).toBe('DPD Pickup Trafika, 110 00 Praha, Vodičkova 10');
  });

  it('tells the opening hours of a day, or null when closed', () => {
    const point = sampleParcelPoint({ openingHours: [{ day: 1, hours: ['08:00-12:00', '13:00-17:00'] }] });
    expect(openingHoursOf(point, 1)).toBe('08:00–12:00, 13:00–17:00');
    expect(openingHoursOf(point, 7)).toBeNull();
  });

  it('gives the weekday in Prague', () => {
    // Sunday 23:30 UTC is Monday in Prague
    expect(pragueWeekday(new Date('2026-11-22T23:30:00Z'))).toBe(1);
  });

  it('formats distances in metres and kilometres', () => {
    expect(formatDistance(347, 'cs-CZ')).toBe('350\u00A0m');
    expect(formatDistance(1234, 'cs-CZ')).toBe('1,2\u00A0km');
    expect(formatDistance(1234, 'en-US')).toBe('1.2\u00A0km');
    expect(formatDistance(15_400, 'en-US')).toBe('15\u00A0km');
  });
});

describe('addresses, pickup and services', () => {
  it('asks for addresses complete for sending (level 2), whatever a quote locks', () => {
    expect(addressLevelFor(sampleQuote({ attributes: { ...sampleQuote().attributes, addressLevelLock: 0 } }))).toBe(2);
    expect(addressLevelFor(null)).toBe(2);
  });

  it('writes a time window the way the draft stores it', () => {
    expect(timeWindowText({ from: '08:00', to: '16:00' })).toBe('08:00 - 16:00');
  });

  it('asks the pickup calendar of Slovakia for Slovak senders, else of Czechia', () => {
    expect(pickupCountryOf('SK')).toBe('sk');
    expect(pickupCountryOf('de')).toBe('cz');
  });

  it('refuses insurance above the quote limit', () => {
    const limit = { value: 50_000, currency: 'CZK' as const };
    expect(insuranceLimitError('50 000', limit)).toBeNull();
    expect(insuranceLimitError('50 000,5', limit)).toBe('configurator.insuranceMax');
    expect(insuranceLimitError('abc', limit)).toBeNull();
  });
});

describe('step order', () => {
  it('goes through customs only when the quote needs it', () => {
    expect(nextStep('sender', sampleQuote())).toBe('recipient');
    expect(nextStep('recipient', sampleQuote())).toBe('summary');
    expect(nextStep('recipient', customsQuote())).toBe('customs');
    expect(previousStep('summary', sampleQuote())).toBe('recipient');
    expect(previousStep('summary', customsQuote())).toBe('customs');
    expect(previousStep('sender', null)).toBe('carrier');
  });
});

describe('priceBreakdown', () => {
  it('lists the charges without VAT, then VAT and both totals', () => {
    const quote = sampleQuote({
      price: { value: 130, currency: 'CZK' },
      priceVat: { value: 157.3, currency: 'CZK' },
      charges: [
        { code: 'base', amount: { value: 100, currency: 'CZK' } },
        { code: 'fuel', amount: { value: 10, currency: 'CZK' } },
        { code: 'cod', amount: { value: 20, currency: 'CZK' } },
        { code: 'hdf', amount: { value: 0, currency: 'CZK' } },
        { code: 'vat', amount: { value: 27.3, currency: 'CZK' } },
      ],
    });
    const breakdown = priceBreakdown(quote);
    expect(breakdown.lines.map((line) => line.code)).toEqual(['base', 'fuel', 'cod']);
    expect(breakdown.vat).toEqual({ value: 27.3, currency: 'CZK' });
    expect(breakdown.total).toEqual({ value: 130, currency: 'CZK' });
    expect(breakdown.totalVat).toEqual({ value: 157.3, currency: 'CZK' });
  });

  it('derives VAT from the two prices when the quote has no VAT line', () => {
    const breakdown = priceBreakdown(sampleQuote());
    expect(breakdown.vat).toEqual({ value: 21, currency: 'CZK' });
  });
});

describe('asidePrice: the chosen service beside the form with its extras (issue 27)', () => {
  it('shows the base price as without extras until a price for exactly the chosen extras is known', () => {
    const czk = (value: number) => ({ value, currency: 'CZK' as const });
    const base = sampleQuote({ price: czk(100), priceVat: czk(121), charges: [{ code: 'base', amount: czk(100) }] });
    const none = emptyServices();
    expect(chosenExtras(none, 'CZK')).toBe('');
    expect(asidePrice(base, '', null)).toEqual({ price: czk(121), extras: 'none' });

    const chosen = { ...none, cod: { ...none.cod, active: true, data: { ...none.cod.data, value: '500' } }, ins: { ...none.ins, active: true, data: { value: '20000', currency: '' } } };
    const extras = chosenExtras(chosen, 'CZK');
    expect(extras).not.toBe('');
    expect(chosenExtras({ ...chosen, cod: { ...chosen.cod, data: { ...chosen.cod.data, value: '600' } } }, 'CZK')).not.toBe(extras);
    expect(asidePrice(base, extras, null)).toEqual({ price: czk(121), extras: 'excluded' });
    // a price for other extras (COD alone) is not the price of these
    expect(asidePrice(base, extras, { extras: chosenExtras({ ...chosen, ins: none.ins }, 'CZK'), priceVat: czk(150) })).toEqual({ price: czk(121), extras: 'excluded' });
    expect(asidePrice(base, extras, { extras, priceVat: czk(183.5) })).toEqual({ price: czk(183.5), extras: 'included' });
    // the selected quote refreshed with the COD fee charges its extras
    const refreshed = sampleQuote({ price: czk(151.65), priceVat: czk(183.5), charges: [{ code: 'base', amount: czk(100) }, { code: 'cod', amount: czk(30) }, { code: 'insurance', amount: czk(21.65) }] });
    expect(asidePrice(refreshed, extras, null)).toEqual({ price: czk(183.5), extras: 'included' });
  });
});

describe('countries and contact', () => {
  it('puts favourites first and hides banned countries', () => {
    const countries = [
      { code: 'cz', favourite: true, banned: false },
      { code: 'af', favourite: false, banned: true },
      { code: 'at', favourite: false, banned: false },
      { code: 'sk', favourite: true, banned: false },
    ];
    const { favourites, others } = countryOptions(countries);
    expect(favourites.map((c) => c.code)).toEqual(['cz', 'sk']);
    expect(others.map((c) => c.code)).toEqual(['at']);
  });

  it('shows the phone on weekdays from 8 to 17 in Prague', () => {
    expect(isWorkingTime(new Date('2026-11-23T07:30:00Z'))).toBe(true); // Mon 08:30
    expect(isWorkingTime(new Date('2026-11-23T16:00:00Z'))).toBe(false); // Mon 17:00
    expect(isWorkingTime(new Date('2026-11-21T10:00:00Z'))).toBe(false); // Sat
  });
});
