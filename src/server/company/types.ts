/** A company as a business register gives it (spec DOMAIN: ARES splits the address). */
export type Company = {
  ico: string;
  dic: string | null;
  company: string;
  street: string;
  city: string;
  zip: string;
  country: 'cz' | 'sk';
  /** ares: the Czech business register answered; sample: it could not be reached and the bundled sample did */
  source: 'ares' | 'sample';
};
