import type { Money, PackageType } from '../../lib/types/quote';

/** The answers of v1/carriers/:code, v1/carriers/parcel-point-prices and v1/rates/list as the pages read them. */

export type CarrierServiceFacts = {
  id: string;
  name: string;
  type: 'ONDEMAND' | 'DROPOFF' | 'REGULAR';
  packageTypes: PackageType[];
  maxWeight: number;
  maxLength: number;
  maxGirth: number | null;
  maxPackages: number | null;
  volumetricDivisor: number | null;
  deliveryBranch: 'required' | 'optional' | 'none';
  expressDelivery: boolean;
  deliveryWindow: { from: string; to: string } | null;
  pickupWindow: { from: string; to: string } | null;
  orderTimeLimit: string;
  labelPrintingRequired: boolean;
  cod: { max: Money } | null;
  insurance: { included: Money; max: Money };
  hdf: boolean;
  zones: { zone: string; transitDays: number }[];
};

export type CarrierFacts = {
  code: string;
  name: string;
  territories: ('cz' | 'sk')[];
  rating: { score: number; count: number };
  services: CarrierServiceFacts[];
};

export type RateCell = { weight: number; priceVat: Money; serviceName: string; carrier: { code: string; name: string } };
export type RateMatrix = { currency: string; weights: number[]; rows: { from: string; to: string; prices: (RateCell | null)[] }[] };

export type ParcelPointPriceRow = {
  carrier: { code: string; name: string };
  serviceId: string;
  serviceName: string;
  type: CarrierServiceFacts['type'];
  deliveryBranch: CarrierServiceFacts['deliveryBranch'];
  to: string;
  prices: (Money | null)[];
};
export type ParcelPointPrices = { side: 'collection' | 'delivery'; currency: string; weights: number[]; destinations: string[]; rows: ParcelPointPriceRow[] };
