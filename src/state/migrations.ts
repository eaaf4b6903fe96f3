/**
 * Versioned migrations of the persisted configurator state (spec §4), run in order from
 * the stored version up to STATE_VERSION. They work on plain JSON, because an old state
 * does not match today's types; the result is validated by PersistedStateSchema.
 *
 * The spec lists ten changes for the versions 1.0.0 … 1.0.11 (eleven steps). They are
 * mapped in the listed order onto 1.0.1 … 1.0.10; 1.0.11 changed no stored shape (it
 * introduced the minimal cookie copy, which is derived from the state) and is the identity.
 *
 *   1.0.1  payer id cleared when the payer type is 'account'
 *   1.0.2  cart items reversed once (they were stored newest first; now oldest first)
 *   1.0.3  bank variable symbol of cash on delivery defaults to ''
 *   1.0.4  hdf service added (inactive)
 *   1.0.5  pickupTime defaults to ''
 *   1.0.6  an empty draft ({} or missing) becomes null
 *   1.0.7  saveSenderAddress / saveRecipientAddress become booleans (were 0/1 or strings)
 *   1.0.8  content defaults to one empty package
 *   1.0.9  sender and recipient become address objects (were a country code or missing)
 *   1.0.10 a selected quote without a carrier is dropped, and its parcel points with it
 *   1.0.11 identity
 *
 * Steps 1.0.3-1.0.5 and 1.0.7-1.0.9 apply to the draft and to every cart item's shipment.
 */

type Json = Record<string, unknown>;
export type Migration = (state: Json) => Json;

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

const isShipment = (value: unknown): value is Json => isRecord(value) && Object.keys(value).length > 0;

/**
 * The state with `fn` applied to the draft and to each cart item's shipment. An empty
 * draft ({}) is left alone so that 1.0.6 still recognises it.
 */
function mapShipments(state: Json, fn: (shipment: Json) => Json): Json {
  const draft = isShipment(state.draft) ? fn(state.draft) : state.draft;
  const cart = state.cart;
  if (!isRecord(cart) || !Array.isArray(cart.items)) return { ...state, draft };
  const items = cart.items.map((item: unknown) =>
    isRecord(item) && isShipment(item.shipment) ? { ...item, shipment: fn(item.shipment) } : item,
  );
  return { ...state, draft, cart: { ...cart, items } };
}

const truthyFlag = (value: unknown) => value === true || value === 1 || value === '1' || value === 'true';

function emptyAddressJson(country: string): Json {
  return {
    id: -1,
    isProfile: false,
    country,
    companyName: '',
    tin: '',
    vatin: '',
    firstName: '',
    lastName: '',
    phoneNumber: { prefix: '', number: '' },
    email: '',
    street: '',
    city: '',
    zip: '',
    addressType: 'all',
  };
}

const toAddress = (value: unknown): unknown =>
  isRecord(value) ? value : emptyAddressJson(typeof value === 'string' ? value.toLowerCase() : '');

export const MIGRATIONS: readonly { version: string; migrate: Migration }[] = [
  {
    version: '1.0.1',
    migrate: (state) => {
      const cart = state.cart;
      if (!isRecord(cart) || !isRecord(cart.payer) || cart.payer.type !== 'account') return state;
      return { ...state, cart: { ...cart, payer: { ...cart.payer, id: null } } };
    },
  },
  {
    version: '1.0.2',
    migrate: (state) => {
      const cart = state.cart;
      if (!isRecord(cart) || !Array.isArray(cart.items)) return state;
      return { ...state, cart: { ...cart, items: [...cart.items].reverse() } };
    },
  },
  {
    version: '1.0.3',
    migrate: (state) =>
      mapShipments(state, (shipment) => {
        const services = shipment.services;
        if (!isRecord(services) || !isRecord(services.cod) || !isRecord(services.cod.data)) return shipment;
        const cod = services.cod as Json & { data: Json };
        const bankAccount = isRecord(cod.data.bankAccount) ? cod.data.bankAccount : {};
        if (typeof bankAccount.variable === 'string') return shipment;
        return {
          ...shipment,
          services: { ...services, cod: { ...cod, data: { ...cod.data, bankAccount: { ...bankAccount, variable: '' } } } },
        };
      }),
  },
  {
    version: '1.0.4',
    migrate: (state) =>
      mapShipments(state, (shipment) => {
        const services = isRecord(shipment.services) ? shipment.services : {};
        if (isRecord(services.hdf)) return shipment;
        return { ...shipment, services: { ...services, hdf: { active: false, code: 'hdf', data: {} } } };
      }),
  },
  {
    version: '1.0.5',
    migrate: (state) =>
      mapShipments(state, (shipment) =>
        typeof shipment.pickupTime === 'string' ? shipment : { ...shipment, pickupTime: '' },
      ),
  },
  {
    version: '1.0.6',
    migrate: (state) =>
      isRecord(state.draft) && Object.keys(state.draft).length > 0 ? state : { ...state, draft: null },
  },
  {
    version: '1.0.7',
    migrate: (state) =>
      mapShipments(state, (shipment) => ({
        ...shipment,
        saveSenderAddress: truthyFlag(shipment.saveSenderAddress),
        saveRecipientAddress: truthyFlag(shipment.saveRecipientAddress),
      })),
  },
  {
    version: '1.0.8',
    migrate: (state) =>
      mapShipments(state, (shipment) =>
        Array.isArray(shipment.content) && shipment.content.length > 0
          ? shipment
          : { ...shipment, content: [{ type: 'package', weight: '', width: '', height: '', length: '' }] },
      ),
  },
  {
    version: '1.0.9',
    migrate: (state) =>
      mapShipments(state, (shipment) => ({
        ...shipment,
        sender: toAddress(shipment.sender),
        recipient: toAddress(shipment.recipient),
      })),
  },
  {
    version: '1.0.10',
    migrate: (state) => {
      const quote = state.selectedQuote;
      if (!isRecord(quote) || (isRecord(quote.carrier) && typeof quote.carrier.code === 'string' && quote.carrier.code !== '')) {
        return state;
      }
      return { ...state, selectedQuote: null, collectionPoint: null, deliveryPoint: null };
    },
  },
  { version: '1.0.11', migrate: (state) => state },
];

export const FIRST_STATE_VERSION = '1.0.0';
export const STATE_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version;

/**
 * Runs every migration after `fromVersion`. Null for a version this code does not know
 * (a newer build's state, or garbage): the caller starts from defaults.
 */
export function migrateState(state: unknown, fromVersion: string): Json | null {
  const start = fromVersion === FIRST_STATE_VERSION ? 0 : MIGRATIONS.findIndex((m) => m.version === fromVersion) + 1;
  if (start === 0 && fromVersion !== FIRST_STATE_VERSION) return null;
  if (!isRecord(state)) return null;
  return MIGRATIONS.slice(start).reduce((current, migration) => migration.migrate(current), state);
}
