// validator.js ships no types; the shim's four functions as bysquare calls them
declare module 'validator/es/lib/isBIC' {
  const isBIC: (value: string) => boolean;
  export default isBIC;
}
declare module 'validator/es/lib/isDate' {
  const isDate: (value: string, options?: Record<string, unknown>) => boolean;
  export default isDate;
}
declare module 'validator/es/lib/isIBAN' {
  const isIBAN: (value: string, options?: Record<string, unknown>) => boolean;
  export default isIBAN;
}
declare module 'validator/es/lib/isISO4217' {
  const isISO4217: (value: string) => boolean;
  export default isISO4217;
}
