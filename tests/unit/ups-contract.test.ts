import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseDocument } from 'yaml';
import { pragueNow } from '../../src/lib/calendar';
import { upsTransport } from '../../src/server/carriers/ups/client';
import { memoryUpsStore, UPS_SANDBOX_ACCOUNT, UPS_SANDBOX_CLIENT_ID, UPS_SANDBOX_CLIENT_SECRET, upsSandbox } from '../../src/server/carriers/ups/sandbox';
import { SANDBOX_LOSE_ANSWER } from '../../src/server/carriers/booking';
import { upsBooking, upsPickupOrder } from './ups-fixtures';

/**
 * Contract: every request our UPS client sends and every answer our UPS sandbox gives conforms
 * to UPS's own published OpenAPI definitions (../shared/reference/carrier-apis/ups). Objects
 * are checked closed (no property the definition lacks), so a renamed or invented field fails.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// CARRIER_DEFINITIONS: another folder of carrier-apis (a git worktree checked out elsewhere)
const DEFINITIONS = path.resolve(process.env.CARRIER_DEFINITIONS ?? path.resolve(root, '../shared/reference/carrier-apis'), 'ups');
const present = existsSync(path.join(DEFINITIONS, 'Shipping.yaml'));
const required = process.env.REQUIRE_CARRIER_DEFINITIONS === '1';

if (!present && !required) console.warn(`UPS contract tests skipped: UPS's OpenAPI definitions are not at ${DEFINITIONS} (set REQUIRE_CARRIER_DEFINITIONS=1 to make that a failure)`);

type Json = Record<string, unknown>;
type Doc = { paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, Json> } };

/** UPS's files have tabs and CRLF lines inside quoted descriptions, and one scalar YAML parsers reject strictly (in a part we do not use) */
function load(name: string): Doc {
  const text = readFileSync(path.join(DEFINITIONS, `${name}.yaml`), 'utf8').replace(/\r\n/g, '\n').replace(/\t/g, '  ');
  return parseDocument(text, { strict: false, uniqueKeys: false }).toJS() as Doc;
}

/**
 * Defects of the published definitions, each contradicted by UPS's own description or examples
 * in the same file; patched here only, so the rest stays checked as published.
 */
function patchDefects(docs: Record<string, Doc>) {
  // "Local pickup date of the location. Format: yyyyMMdd", examples '20221214', yet length 4
  Object.assign((docs.Pickup!.components.schemas.PickupCreationRequest_PickupDateInfo!.properties as Record<string, Json>).PickupDate!, { minLength: 8, maxLength: 8 });
  // COD amounts of length exactly 5, while the package COD's own description allows 0.01 to 50000.00
  for (const name of ['COD_CODAmount', 'PackageServiceOptions_COD_CODAmount']) Object.assign((docs.Shipping!.components.schemas[name]!.properties as Record<string, Json>).MonetaryValue!, { minLength: 1, maxLength: 19 });
  // label recovery: TrackingNumbers and ReferenceValues are "mandatory for only Roadie shipments", yet required
  docs.Shipping!.components.schemas.LabelRecoveryRequest!.required = ['Request'];
  // label image format codes "GIF", "PDF" (its own valid values), yet of length exactly 4
  for (const name of ['LabelRecovery_LabelSpecification_LabelImageFormat', 'LabelImage_LabelImageFormat']) Object.assign((docs.Shipping!.components.schemas[name]!.properties as Record<string, Json>).Code!, { minLength: 3, maxLength: 4 });
}

/** OpenAPI 3.0 → JSON Schema as ajv reads it: nullable, and closed objects */
function jsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(jsonSchema);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) out[k] = k === 'example' || k === 'examples' ? v : jsonSchema(v);
  if (out.nullable === true && typeof out.type === 'string') out.type = [out.type, 'null'];
  if (out.properties && typeof out.properties === 'object' && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

type Exchange = { method: string; path: string; request: unknown; status: number; response: unknown };

describe.skipIf(!present && !required)('UPS contract: our client and sandbox against UPS OpenAPI definitions', () => {
  let docs: Record<string, Doc>;
  let ajv: Ajv;
  const exchanges: Exchange[] = [];
  const sandbox = upsSandbox(((store) => () => store)(memoryUpsStore()));
  const transport = upsTransport({
    baseUrl: 'http://ups.sandbox',
    clientId: UPS_SANDBOX_CLIENT_ID,
    clientSecret: UPS_SANDBOX_CLIENT_SECRET,
    accountNumber: UPS_SANDBOX_ACCOUNT,
    fetch: async (request) => {
      const text = await request.clone().text();
      const response = await sandbox.fetch(request);
      const url = new URL(request.url);
      exchanges.push({ method: request.method, path: url.pathname, request: text && request.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text, status: response.status, response: await response.clone().json().catch(() => null) });
      return response;
    },
  });
  const context = { exchangeRates: { CZK: 1, EUR: 25 }, now: new Date() };
  const quiet = vi.spyOn(console, 'info').mockImplementation(() => {});

  beforeAll(() => {
    if (!present) throw new Error(`REQUIRE_CARRIER_DEFINITIONS=1 and UPS's OpenAPI definitions are missing at ${DEFINITIONS}`);
    docs = Object.fromEntries(['OAuthClientCredentials', 'Shipping', 'Tracking', 'Pickup'].map((n) => [n, load(n)]));
    patchDefects(docs);
    ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    for (const [name, doc] of Object.entries(docs)) ajv.addSchema({ $id: `ups-${name}`, components: jsonSchema(doc.components) as Json }, `ups-${name}`);
  });
  afterAll(() => quiet.mockRestore());

  const validator = (doc: string, schema: string): ValidateFunction => ajv.getSchema(`ups-${doc}#/components/schemas/${schema}`) ?? ajv.compile({ $ref: `ups-${doc}#/components/schemas/${schema}` });
  function conforms(doc: string, schema: string, value: unknown) {
    const validate = validator(doc, schema);
    const ok = validate(value);
    expect(ok ? [] : validate.errors!.map((e) => `${schema}${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`)).toEqual([]);
  }
  /** the operation of UPS's definition this exchange is (its path template under the servers' /api, or the token path) */
  function operation(doc: string, e: Exchange) {
    const template = Object.keys(docs[doc]!.paths).find((p) => {
      const pattern = new RegExp(`^${doc === 'OAuthClientCredentials' ? '' : '/api'}${p.replace(/\{[^}]+\}/g, '[^/]+')}$`);
      return pattern.test(e.path) && docs[doc]!.paths[p]![e.method.toLowerCase()];
    });
    expect(template, `${e.method} ${e.path} is an operation of UPS ${doc}`).toBeDefined();
    return template!;
  }
  const last = (method: string, fragment: string) => exchanges.filter((e) => e.method === method && e.path.includes(fragment)).at(-1)!;

  it('the token call and its answer', async () => {
    await transport.create(upsBooking(), context);
    const token = last('POST', '/oauth/token');
    operation('OAuthClientCredentials', token);
    expect(token.request).toBe('grant_type=client_credentials');
    conforms('OAuthClientCredentials', 'tokenSuccessResponse', token.response);
  });

  it('a plain one-package shipment: request and answer', async () => {
    await transport.create(upsBooking(), context);
    const ship = last('POST', '/ship');
    operation('Shipping', ship);
    conforms('Shipping', 'SHIPRequestWrapper', ship.request);
    conforms('Shipping', 'SHIPResponseWrapper', ship.response);
  });

  it('a two-package shipment with insurance declared per package', async () => {
    await transport.create(upsBooking({ weights: [4, 9.5], insurance: { value: 30_000, currency: 'CZK' } }), context);
    const ship = last('POST', '/ship');
    expect((ship.request as { ShipmentRequest: { Shipment: { Package: unknown[] } } }).ShipmentRequest.Shipment.Package).toHaveLength(2);
    conforms('Shipping', 'SHIPRequestWrapper', ship.request);
    conforms('Shipping', 'SHIPResponseWrapper', ship.response);
  });

  it('cash on delivery', async () => {
    await transport.create(upsBooking({ cod: { value: 1_499.5, currency: 'CZK' } }), context);
    const ship = last('POST', '/ship');
    expect(ship.request).toMatchObject({ ShipmentRequest: { Shipment: { ShipmentServiceOptions: { COD: { CODAmount: { CurrencyCode: 'CZK', MonetaryValue: '1499.5' } } } } } });
    conforms('Shipping', 'SHIPRequestWrapper', ship.request);
    conforms('Shipping', 'SHIPResponseWrapper', ship.response);
  });

  it('a void and its answer', async () => {
    const booked = await transport.create(upsBooking(), context);
    await transport.cancel(booked.carrierRef, null, new Date(), 'ups-standard');
    const done = last('DELETE', '/void/cancel/');
    expect(operation('Shipping', done)).toBe('/shipments/{version}/void/cancel/{shipmentidentificationnumber}');
    conforms('Shipping', 'VOIDSHIPMENTResponseWrapper', done.response);
  });

  it('a track answer', async () => {
    const booked = await transport.create(upsBooking({ weights: [1, 1] }), context);
    await transport.track({ carrierRef: booked.carrierRef, trackingNumber: 'IZ2611270001', pickupDate: null, deliveryDate: null, toParcelPoint: false, fromCity: 'Praha', toCity: 'Brno', createdAt: new Date().toISOString() }, new Date());
    const track = last('GET', '/track/');
    operation('Tracking', track);
    conforms('Tracking', 'TrackApiResponse', track.response);
  });

  it('a booking whose answer was lost: found by reference, its labels recovered (requests and answers)', async () => {
    const booking = { ...upsBooking({ weights: [3, 4], reference: SANDBOX_LOSE_ANSWER }), trackingNumber: 'IZ2611270077' };
    await expect(transport.create(booking, context)).rejects.toThrow(/UPS ship/);
    const found = await transport.find!(booking, context);
    expect(found!.packages!.map((p) => p.label?.format)).toEqual(['PDF', 'PDF']);
    const track = last('GET', '/track/v1/reference/');
    expect(operation('Tracking', track)).toBe('/track/v1/reference/details/{referenceNumber}');
    expect(track.path).toContain('IZ2611270077');
    conforms('Tracking', 'TrackApiResponse', track.response);
    const recovery = last('POST', '/labels/');
    expect(operation('Shipping', recovery)).toBe('/labels/{version}/recovery');
    conforms('Shipping', 'LABELRECOVERYRequestWrapper', recovery.request);
    conforms('Shipping', 'LABELRECOVERYResponseWrapper', recovery.response);
    // nothing booked under another reference: not found
    expect(await transport.find!({ ...booking, trackingNumber: 'IZ2611270078' }, context)).toBeNull();
    conforms('Tracking', 'Response', last('GET', '/track/v1/reference/').response);
    // voided at UPS: no booking to take
    await transport.cancel(found!.carrierRef, null, new Date(), 'ups-standard');
    expect(await transport.find!(booking, context)).toBeNull();
  });

  it('a pickup create and cancel', async () => {
    const { carrierRef } = await transport.orderPickup(upsPickupOrder(pragueNow(new Date(Date.now() + 86_400_000)).date, 'Ring at the gate'), new Date());
    const create = last('POST', '/pickupcreation/');
    operation('Pickup', create);
    conforms('Pickup', 'PICKUPCreationRequestWrapper', create.request);
    conforms('Pickup', 'PICKUPCreationResponseWrapper', create.response);
    await transport.cancelPickup(carrierRef, null, new Date());
    const cancel = last('DELETE', '/pickup/');
    operation('Pickup', cancel);
    conforms('Pickup', 'PICKUPCancelResponseWrapper', cancel.response);
  });

  it("a refusal in UPS's error shape", async () => {
    await transport.create(upsBooking({ weights: [80] }), context).catch(() => null);
    const refused = last('POST', '/ship');
    expect(refused.status).toBe(400);
    conforms('Shipping', 'ErrorResponse', refused.response);
  });

  it('catches drift: a renamed field or a field out of its bounds fails', async () => {
    await transport.create(upsBooking(), context);
    const request = structuredClone(last('POST', '/ship').request) as { ShipmentRequest: { Shipment: Json & { Shipper: Json } } };
    const renamed = structuredClone(request);
    renamed.ShipmentRequest.Shipment.Shipper.ShipperNo = renamed.ShipmentRequest.Shipment.Shipper.ShipperNumber;
    delete renamed.ShipmentRequest.Shipment.Shipper.ShipperNumber;
    expect(validator('Shipping', 'SHIPRequestWrapper')(renamed)).toBe(false);
    const invented = structuredClone(request);
    invented.ShipmentRequest.Shipment.DeclaredValue = '10';
    expect(validator('Shipping', 'SHIPRequestWrapper')(invented)).toBe(false);
    const long = structuredClone(request);
    long.ShipmentRequest.Shipment.Shipper.Name = 'x'.repeat(36);
    expect(validator('Shipping', 'SHIPRequestWrapper')(long)).toBe(false);
  });
});
