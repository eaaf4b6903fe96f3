/** The operator of the site: the footer, invoices and labels name it the same way. */
export const OPERATOR = {
  name: 'Zásilkovač s.r.o.',
  street: 'Na Poříčí 1041/12',
  city: 'Praha 1',
  zip: '11000',
  country: 'CZ',
  ico: '26765799',
  dic: 'CZ26765799',
  dataBox: 'x7kq2pm',
} as const;
