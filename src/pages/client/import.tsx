import { apiGetOptional } from '../../api/server';
import { ClientPage, clientHref, versionOf } from '../../components/client/section';
import { ImportWizard } from '../../components/client/import/import-wizard';
import { MessagesProvider } from '../../components/i18n/client';
import { linkLocale } from '../../components/layout/layouts';
import { pickMessages, translator, type MessageId } from '../../i18n';
import { addressDisplayName, addressFromApi } from '../../lib/address';
import type { CountryInfo } from '../../lib/csv-import/country';
import { fieldLabelId, missingRequired, type ImportField } from '../../lib/csv-import/fields';
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from '../../lib/csv-import/limits';
import type { RememberedMapping } from '../../lib/csv-import/mapping';
import { TEMPLATE_FIELDS } from '../../lib/csv-import/template';
import { formatNumber } from '../../lib/format';
import type { AddressForm } from '../../lib/schemas/address';
import type { AddressBookPage } from '../../lib/schemas/address-book';
import { MAX_ORDER_ITEMS } from '../../lib/schemas/order';
import type { UserProfile } from '../../lib/types/user';
import { displayZip } from '../../lib/validators';
import { requestInfo } from '../../request';
import type { PageProps } from '../types';

type Country = { code: string; names: Record<string, string>; phone_prefix: string | null; banned: boolean };
type Carrier = { code: string; name: string };

/**
 * The user's default sender as the configurator's address form: the address book's default
 * sender (listed first, as the configurator's sender step reads it), else the profile's
 * from_address (spec §3); null when there is neither.
 */
function defaultSenderOf(book: AddressBookPage | null, profile: UserProfile | null, countries: readonly Country[]): AddressForm | null {
  const saved = book?.items[0]?.is_default_sender ? book.items[0] : null;
  const from = saved ?? profile?.from_address;
  if (!from) return null;
  const prefix = countries.find((c) => c.code === from.country.toLowerCase())?.phone_prefix ?? '';
  return saved ? addressFromApi(saved, prefix) : { ...addressFromApi(from, prefix), isProfile: true };
}

/** /klient/import (spec §2.7, issue 12 item 7): the CSV import of shipments into one order */
export async function ImportPage({ id, locale }: PageProps<'klient-import'>) {
  const t = translator(locale);
  const l = linkLocale(locale);
  const [book, profile, mapping, carriers, countries] = await Promise.all([
    apiGetOptional<AddressBookPage>('/v1/addresses?limit=1'),
    apiGetOptional<UserProfile>('/v1/user/profile'),
    apiGetOptional<{ columns: RememberedMapping }>('/v1/import/mapping'),
    apiGetOptional<Carrier[]>('/v1/import/carriers'),
    apiGetOptional<Country[]>('/v1/country/all'),
  ]);
  const countryList = (countries ?? []).filter((c) => !c.banned);
  const sender = defaultSenderOf(book, profile, countryList);
  const senderText = sender ? [addressDisplayName(sender), sender.street, `${displayZip(sender.zip, sender.country)} ${sender.city}`.trim()].filter(Boolean).join(', ') : null;
  const countryInfo: CountryInfo[] = countryList.map((c) => ({ code: c.code, prefix: c.phone_prefix, names: Object.values(c.names) }));
  const required = missingRequired([]);
  const labelOf = (field: ImportField) => t((field.endsWith('.name') && required.includes(field) ? `import.required.${field}` : fieldLabelId(field)) as MessageId);

  return (
    <ClientPage id={id} locale={locale}>
      <p className="imp-lead">{t('import.lead', { rows: formatNumber(MAX_IMPORT_ROWS, l), max: MAX_ORDER_ITEMS })}</p>
      <section className="imp-template" aria-labelledby="imp-template-title">
        <h2 id="imp-template-title">{t('import.template.title')}</h2>
        <p>{t('import.template.text')}</p>
        <ul className="imp-template-links">
          {/* the page's own language first */}
          {(l === 'sk' ? (['sk', 'cs', 'en'] as const) : (['cs', 'sk', 'en'] as const)).map((language) => (
            <li key={language}>
              <a href={`/api/v1/import/template?language=${language}`} download data-testid={`import-template-${language}`}>
                {t(`import.template.${language}`)}
              </a>
            </li>
          ))}
        </ul>
        <details>
          <summary>{t('import.template.columnsTitle')}</summary>
          <p>{t('import.template.required', { fields: required.map(labelOf).join(', ') })}</p>
          <p>{t('import.template.columns', { fields: TEMPLATE_FIELDS.filter((f) => !required.includes(f)).map(labelOf).join(', ') })}</p>
          <p className="muted">{t('import.template.limits', { rows: formatNumber(MAX_IMPORT_ROWS, l), size: `${MAX_IMPORT_BYTES / (1024 * 1024)}\u00A0MB` })}</p>
        </details>
      </section>
      <noscript>
        <p className="notice">{t('import.noscript')}</p>
      </noscript>
      <MessagesProvider messages={pickMessages(locale, ['import.', 'validation.'])}>
        <ImportWizard
          locale={l}
          territory={requestInfo().territory}
          defaultSender={sender}
          senderText={senderText}
          defaultCodAccount={profile?.default_cod_account ? { accountNumber: profile.default_cod_account.account_number, bankCode: profile.default_cod_account.bank_code } : null}
          remembered={mapping?.columns ?? {}}
          countries={countryInfo}
          carriers={carriers ?? []}
          maxOrderItems={MAX_ORDER_ITEMS}
          addressBookHref={clientHref('addressBook', versionOf(id), l)}
        />
      </MessagesProvider>
    </ClientPage>
  );
}
