import * as v from 'valibot';
import { object } from '../../../lib/schemas/object';

/**
 * The fields of TOPTRANS's ZP API we send and read (PROTOCOL.md; [ours] there marks what no
 * public source confirms). The client builds requests of these types and checks answers with
 * them; the sandbox validates requests with them.
 */
const str = (min: number, max: number) => v.pipe(v.string(), v.minLength(min), v.maxLength(max));
const hhmm = v.pipe(v.string(), v.regex(/^\d\d:\d\d$/));
const day = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/));
const flag = v.picklist([0, 1]);

/** every answer: status ok or error, the method's data, the errors (plain sentences) */
export const envelope = object({
  status: v.picklist(['ok', 'error']),
  data: v.optional(v.unknown()),
  errors: v.optional(v.array(v.string())),
});
export type Envelope = v.InferOutput<typeof envelope>;

export const address = object({
  city: str(1, 50),
  city_part: v.optional(str(1, 50)),
  street: v.optional(str(1, 50)),
  house_num: v.optional(str(1, 15)),
  zip: v.pipe(v.string(), v.regex(/^\d{5}$/)),
});
export const partner = object({
  name: str(1, 100),
  first_name: v.optional(str(1, 50)),
  last_name: v.optional(str(1, 50)),
  phone: v.optional(str(1, 20)),
  email: v.optional(str(1, 100)),
  address,
});
export type Partner = v.InferOutput<typeof partner>;

/** TOPTRANS's package types we use (register/pack): KUS, EPAL, PNEU, PALETA, OBALKA, BALIK */
export const PACK_TYPES = { piece: 1, euroPallet: 3, tyre: 4, pallet: 13, envelope: 26, parcel: 55 } as const;

export const pack = object({
  pack_id: v.picklist(Object.values(PACK_TYPES)),
  quantity: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(250)),
  description: v.optional(str(1, 100)),
  dimensions_d: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  dimensions_s: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  dimensions_v: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
});

export const orderSaveRequest = object({
  term_id: v.picklist([1, 2, 3, 4, 5, 16]),
  label: v.optional(str(1, 40)),
  payer_select: v.picklist([1, 2, 3, 4]),
  loading_select: v.picklist([1, 2, 3]),
  loading: v.optional(partner),
  loading_date: v.optional(day),
  loading_time_from: v.optional(hhmm),
  loading_time_to: v.optional(hhmm),
  discharge: partner,
  discharge_aviso: v.optional(flag),
  cash_on_delivery_type: v.optional(flag),
  cash_on_delivery_price: v.optional(v.pipe(v.number(), v.minValue(0))),
  cash_on_delivery_price_cur_id: v.optional(v.picklist([1, 2])),
  var_symbol: v.optional(v.pipe(v.string(), v.regex(/^\d{1,10}$/))),
  order_value: v.optional(v.pipe(v.number(), v.minValue(0))),
  order_value_currency_id: v.optional(v.picklist([1, 2])),
  num_epals: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  kg: v.pipe(v.number(), v.minValue(0.01)),
  m3: v.optional(v.pipe(v.number(), v.minValue(0))),
  note_discharge: v.optional(str(1, 250)),
  packs: v.pipe(v.array(pack), v.minLength(1)),
});
export type OrderSaveRequest = v.InferOutput<typeof orderSaveRequest>;

export const orderSaveData = object({ id: v.pipe(v.number(), v.integer()) });

/** order/send and [ours] order/print-labels */
export const printRequest = object({
  ids: v.pipe(v.array(v.pipe(v.number(), v.integer())), v.minLength(1)),
  options: v.optional(object({ position: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))) })),
});
export type PrintRequest = v.InferOutput<typeof printRequest>;

export const filesData = object({
  files: v.array(object({ filename: v.string(), data: v.string() })),
  orderListObj: v.optional(v.unknown()),
});

/** [ours] order/search's filter */
export const searchRequest = v.union([
  object({ id: v.pipe(v.number(), v.integer()) }),
  object({ order_number: str(1, 20) }),
  object({ label: str(1, 40) }),
]);
export type SearchRequest = v.InferOutput<typeof searchRequest>;

const historyEntry = object({ state: v.string(), date: v.string(), place: v.optional(v.nullable(v.string())), text: v.optional(v.nullable(v.string())) });
export type HistoryEntry = v.InferOutput<typeof historyEntry>;

/** order/list's item (its fields [php]); state and history [ours] */
export const orderItem = object({
  id: v.pipe(v.number(), v.integer()),
  order_number: v.nullable(v.string()),
  label: v.nullable(v.string()),
  labels_printed: v.optional(v.union([v.boolean(), flag])),
  quantity_sum: v.number(),
  piece_number_from: v.nullable(v.string()),
  piece_numbers: v.optional(v.array(v.string())),
  state: v.optional(v.string()),
  history: v.optional(v.array(historyEntry)),
});
export type OrderItem = v.InferOutput<typeof orderItem>;
export const searchData = v.array(orderItem);

/** [ours] order/delete */
export const deleteRequest = object({ ids: v.pipe(v.array(v.pipe(v.number(), v.integer())), v.minLength(1)) });
