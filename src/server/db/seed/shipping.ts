import { sampleParcelPointStatements } from './parcel-points';

/** Seed statements for the shipping core: the sample parcel-point network (Ukázková data / sample data). */
export const shippingSeedStatements = (): string[] => sampleParcelPointStatements();
