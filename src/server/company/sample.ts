import type { Company } from './types';

/**
 * A small bundled sample of the business register (public data of well-known companies),
 * answered when ARES cannot be reached; the UI says the data come from a sample.
 */
export const SAMPLE_COMPANIES: Omit<Company, 'source'>[] = [
  { ico: '47114983', dic: 'CZ47114983', company: 'Česká pošta, s.p.', street: 'Politických vězňů 909/4', city: 'Praha 1', zip: '11000', country: 'cz' },
  { ico: '45274649', dic: 'CZ45274649', company: 'ČEZ, a. s.', street: 'Duhová 1444/2', city: 'Praha 4', zip: '14000', country: 'cz' },
  { ico: '27082440', dic: 'CZ27082440', company: 'Alza.cz a.s.', street: 'Jankovcova 1522/53', city: 'Praha 7', zip: '17000', country: 'cz' },
  { ico: '26168685', dic: 'CZ26168685', company: 'Seznam.cz, a.s.', street: 'Radlická 3294/10', city: 'Praha 5', zip: '15000', country: 'cz' },
  { ico: '00177041', dic: 'CZ00177041', company: 'ŠKODA AUTO a.s.', street: 'tř. Václava Klementa 869', city: 'Mladá Boleslav', zip: '29301', country: 'cz' },
  { ico: '00006947', dic: 'CZ00006947', company: 'Ministerstvo financí', street: 'Letenská 525/15', city: 'Praha 1', zip: '11800', country: 'cz' },
  { ico: '26765799', dic: 'CZ26765799', company: 'Demo Expres s.r.o. (ukázka)', street: 'Na Poříčí 1041/12', city: 'Praha 1', zip: '11000', country: 'cz' },
  { ico: '36631124', dic: '2021879959', company: 'Slovenská pošta, a.s.', street: 'Partizánska cesta 9', city: 'Banská Bystrica', zip: '97599', country: 'sk' },
];
