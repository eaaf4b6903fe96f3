/** Seed statements for the shipping core (carriers, parcel points); filled by the shipping step. */
export const shippingSeedStatements = (): string[] => [];
