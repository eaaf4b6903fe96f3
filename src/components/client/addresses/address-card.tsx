import { addressDisplayName } from '../../../lib/address';
import type { AddressBookEntry } from '../../../lib/schemas/address-book';
import { displayZip } from '../../../lib/validators';
import type { PageLocale } from '../../../routes';

/** How a saved address reads on the address book's screens and in the configurator's picker (server and client alike). */

/** spec §3 display name: company with the person in brackets, or the person */
export const entryName = (entry: Pick<AddressBookEntry, 'company' | 'firstname' | 'surname'>) =>
  addressDisplayName({ companyName: entry.company, firstName: entry.firstname, lastName: entry.surname });

/** '+420 777 123 456' for Czech and Slovak numbers, else the E.164 as it is */
export function formatPhone(e164: string): string {
  const match = /^\+(42[01])(\d{3})(\d{3})(\d{3})$/.exec(e164);
  return match ? `+${match[1]} ${match[2]} ${match[3]} ${match[4]}` : e164;
}

const regionNames = new Map<PageLocale, Intl.DisplayNames>();

/** the country's name in the page's language */
export function countryName(code: string, locale: PageLocale): string {
  let names = regionNames.get(locale);
  if (!names) regionNames.set(locale, (names = new Intl.DisplayNames([locale === 'en' ? 'en-US' : locale === 'sk' ? 'sk-SK' : 'cs-CZ'], { type: 'region' })));
  try {
    return names.of(code.toUpperCase()) ?? code.toUpperCase();
  } catch {
    return code.toUpperCase();
  }
}

/** 'Street 1, 301 00 Plzeň, Česko' */
export const entryPlace = (entry: Pick<AddressBookEntry, 'street' | 'zip' | 'city' | 'country'>, locale: PageLocale) =>
  [entry.street, `${displayZip(entry.zip, entry.country)} ${entry.city}`.trim(), countryName(entry.country, locale)].filter(Boolean).join(', ');

type Labels = { tin: string; vatin: string; defaultSender: string };

/** an address's lines: name (with the default-sender mark), place, contacts, company ids */
export function AddressLines({ entry, locale, labels }: { entry: AddressBookEntry; locale: PageLocale; labels: Labels }) {
  const ids = [entry.tin && `${labels.tin} ${entry.tin}`, entry.vatin && `${labels.vatin} ${entry.vatin}`].filter(Boolean).join(' · ');
  return (
    <div className="ab-lines">
      <p className="ab-name">
        <strong>{entryName(entry)}</strong>
        {entry.is_default_sender && (
          <span className="ab-badge" data-testid="address-default-sender">
            {labels.defaultSender}
          </span>
        )}
      </p>
      <p>{entryPlace(entry, locale)}</p>
      <p className="muted ab-contacts">
        <span>{formatPhone(entry.phone)}</span>
        <span>{entry.email}</span>
      </p>
      {ids && <p className="muted">{ids}</p>}
    </div>
  );
}
