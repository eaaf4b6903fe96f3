// The four checks bysquare asks validator.js for. bysquare imports the package's index,
// which pulls every validator (≈35 KB gzip of the worker upload); waku.config.ts points
// `validator` here for the build, so only these four modules come along.
import isBIC from 'validator/es/lib/isBIC';
import isDate from 'validator/es/lib/isDate';
import isIBAN from 'validator/es/lib/isIBAN';
import isISO4217 from 'validator/es/lib/isISO4217';

export default { isBIC, isDate, isIBAN, isISO4217 };
