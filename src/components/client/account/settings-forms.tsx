'use client';
import { useState, type FormEvent } from 'react';
import { apiGet, apiPost } from '../../../api/client';
import type { UserProfile } from '../../../lib/types/user';
import { FormMessage, SubmitButton, TextInput, focusFirstInvalid } from '../../account/form-kit';
import { useT } from '../../i18n/client';
import { useForm } from './use-form';

type Messages = { busy: boolean; failure: string | null; saved: boolean };
function Outcome({ busy, failure, saved, testId }: Messages & { testId: string }) {
  const t = useT();
  if (busy) return null;
  if (failure) return <FormMessage kind="error" testId={`${testId}-error`}>{t(failure)}</FormMessage>;
  if (saved) return <FormMessage kind="success" testId={`${testId}-saved`}>{t('client.settings.saved')}</FormMessage>;
  return null;
}

/** name, phone, language, EORI: POST v1/user/profile */
export function ProfileForm({ profile }: { profile: UserProfile }) {
  const t = useT();
  const form = useForm();
  const [v, set] = useState({ firstname: profile.firstname ?? '', surname: profile.surname ?? '', phone: profile.phone ?? '', language: profile.language, eori: profile.eori ?? '' });
  const field = (k: keyof typeof v) => (value: string) => set((s) => ({ ...s, [k]: value }));
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const el = e.currentTarget;
    if (!(await form.run(() => apiPost('/v1/user/profile', v)))) focusFirstInvalid(el);
  };
  return (
    <form method="post" className="acc-form settings-form" onSubmit={submit} noValidate data-testid="settings-profile">
      <div className="settings-grid">
        <TextInput id="firstname" label={t('client.settings.firstname')} value={v.firstname} onChange={field('firstname')} error={form.errors.firstname} autoComplete="given-name" required />
        <TextInput id="surname" label={t('client.settings.surname')} value={v.surname} onChange={field('surname')} error={form.errors.surname} autoComplete="family-name" required />
        <TextInput id="phone" type="tel" label={t('client.settings.phone')} value={v.phone} onChange={field('phone')} error={form.errors.phone} autoComplete="tel" />
        <div className="acc-field">
          <label htmlFor="language">{t('client.settings.language')}</label>
          <select id="language" value={v.language} onChange={(e) => field('language')(e.target.value)}>
            <option value="cs">Čeština</option>
            <option value="en">English</option>
          </select>
        </div>
        <TextInput id="eori" label={t('client.settings.eori')} value={v.eori} onChange={field('eori')} error={form.errors.eori} hint={t('client.settings.eoriHint')} />
      </div>
      <p className="muted small">{t('client.settings.emailNote', { email: profile.email })}</p>
      <Outcome {...form} testId="settings-profile" />
      <SubmitButton busy={form.busy}>{t('client.settings.save')}</SubmitButton>
    </form>
  );
}

/** company, IČO (with the register lookup), DIČ, IČ DPH and address: POST v1/user/company */
export function CompanyForm({ profile }: { profile: UserProfile }) {
  const t = useT();
  const form = useForm();
  const [v, set] = useState({ company: profile.company ?? '', ico: profile.ico ?? '', dic: profile.dic ?? '', ic_dph: profile.ic_dph ?? '', street: profile.street ?? '', city: profile.city ?? '', zip: profile.zip ?? '', country: profile.country ?? 'cz' });
  const [lookup, setLookup] = useState<'idle' | 'busy' | 'missing'>('idle');
  const field = (k: keyof typeof v) => (value: string) => set((s) => ({ ...s, [k]: value }));
  const fill = async () => {
    setLookup('busy');
    try {
      const found = await apiGet<{ company: string; dic: string | null; street: string; city: string; zip: string; country: string } | null>(`/v1/company/lookup?ico=${encodeURIComponent(v.ico)}`);
      if (found) set((s) => ({ ...s, company: found.company, dic: found.dic ?? s.dic, street: found.street, city: found.city, zip: found.zip, country: found.country }));
      setLookup(found ? 'idle' : 'missing');
    } catch {
      setLookup('missing');
    }
  };
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const el = e.currentTarget;
    if (!(await form.run(() => apiPost('/v1/user/company', v)))) focusFirstInvalid(el);
  };
  return (
    <form method="post" className="acc-form settings-form" onSubmit={submit} noValidate data-testid="settings-company">
      <div className="settings-grid">
        <TextInput
          id="ico"
          label={t('client.settings.ico')}
          value={v.ico}
          onChange={field('ico')}
          error={form.errors.ico}
          inputMode="numeric"
          action={
            <button type="button" className="button" onClick={fill} disabled={lookup === 'busy' || v.ico.trim().length < 8}>
              {t('client.settings.lookup')}
            </button>
          }
          hint={lookup === 'missing' ? t('client.settings.lookupMissing') : undefined}
        />
        <TextInput id="company" label={t('client.settings.company')} value={v.company} onChange={field('company')} error={form.errors.company} autoComplete="organization" />
        <TextInput id="dic" label={t('client.settings.dic')} value={v.dic} onChange={field('dic')} error={form.errors.dic} />
        {v.country === 'sk' ? <TextInput id="ic_dph" label={t('client.settings.icDph')} value={v.ic_dph} onChange={field('ic_dph')} error={form.errors.ic_dph} /> : null}
        <TextInput id="street" label={t('client.settings.street')} value={v.street} onChange={field('street')} error={form.errors.street} autoComplete="address-line1" />
        <TextInput id="city" label={t('client.settings.city')} value={v.city} onChange={field('city')} error={form.errors.city} autoComplete="address-level2" />
        <TextInput id="zip" label={t('client.settings.zip')} value={v.zip} onChange={field('zip')} error={form.errors.zip} autoComplete="postal-code" inputMode="numeric" />
        <div className="acc-field">
          <label htmlFor="country">{t('client.settings.country')}</label>
          <select id="country" value={v.country} onChange={(e) => field('country')(e.target.value)}>
            <option value="cz">{t('client.settings.countryCz')}</option>
            <option value="sk">{t('client.settings.countrySk')}</option>
          </select>
          {form.errors.country ? <p className="field-error">{t(form.errors.country)}</p> : null}
        </div>
      </div>
      <Outcome {...form} testId="settings-company" />
      <SubmitButton busy={form.busy}>{t('client.settings.save')}</SubmitButton>
    </form>
  );
}

/** the password change of Step 4: POST v1/user/password/change */
export function PasswordChangeForm() {
  const t = useT();
  const form = useForm();
  const [v, set] = useState({ original: '', password: '', confirmation: '' });
  const field = (k: keyof typeof v) => (value: string) => set((s) => ({ ...s, [k]: value }));
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const el = e.currentTarget;
    if (await form.run(() => apiPost('/v1/user/password/change', v))) set({ original: '', password: '', confirmation: '' });
    else focusFirstInvalid(el);
  };
  const error = (k: string) => form.errors[k];
  return (
    <form method="post" className="acc-form settings-form" onSubmit={submit} noValidate data-testid="settings-password">
      <TextInput id="original" type="password" label={t('client.password.original')} value={v.original} onChange={field('original')} error={error('original')} autoComplete="current-password" required />
      <TextInput id="password" type="password" label={t('client.password.new')} value={v.password} onChange={field('password')} error={error('password')} autoComplete="new-password" hint={t('client.password.rules')} required />
      <TextInput id="confirmation" type="password" label={t('client.password.confirm')} value={v.confirmation} onChange={field('confirmation')} error={error('confirmation')} autoComplete="new-password" required />
      <Outcome {...form} testId="settings-password" />
      <SubmitButton busy={form.busy}>{t('client.password.submit')}</SubmitButton>
    </form>
  );
}

/** recipient tracking e-mails on or off: POST v1/app/settings */
export function NotificationsForm({ recipientTracking }: { recipientTracking: boolean }) {
  const t = useT();
  const form = useForm();
  const [on, setOn] = useState(recipientTracking);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void form.run(() => apiPost('/v1/app/settings', { 'notifications.recipientTracking': on }));
  };
  return (
    <form method="post" className="acc-form settings-form" onSubmit={submit} data-testid="settings-notifications">
      <label className="acc-check">
        <input type="checkbox" checked={on} onChange={(e) => setOn(e.target.checked)} /> {t('client.settings.recipientTracking')}
      </label>
      <p className="muted small">{t('client.settings.recipientTrackingHint')}</p>
      <Outcome {...form} testId="settings-notifications" />
      <SubmitButton busy={form.busy}>{t('client.settings.save')}</SubmitButton>
    </form>
  );
}

/** the package the quote form starts with: POST v1/user/default-package (null clears it) */
export function DefaultPackageForm({ value }: { value: UserProfile['default_package'] }) {
  const t = useT();
  const form = useForm();
  const [v, set] = useState({ weight: value ? String(value.weight) : '', width: value ? String(value.width) : '', height: value ? String(value.height) : '', length: value ? String(value.length) : '' });
  const field = (k: keyof typeof v) => (s: string) => set((x) => ({ ...x, [k]: s }));
  const num = (s: string) => (s.trim() === '' ? Number.NaN : Number(s.replace(',', '.')));
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const el = e.currentTarget;
    const empty = Object.values(v).every((s) => s.trim() === '');
    const body = empty ? null : { weight: num(v.weight), width: num(v.width), height: num(v.height), length: num(v.length) };
    if (!(await form.run(() => apiPost('/v1/user/default-package', body)))) focusFirstInvalid(el);
  };
  return (
    <form method="post" className="acc-form settings-form" onSubmit={submit} noValidate data-testid="settings-package">
      <div className="settings-grid settings-grid-4">
        <TextInput id="pkg-weight" label={t('client.settings.weight')} value={v.weight} onChange={field('weight')} error={form.errors.weight} inputMode="numeric" />
        <TextInput id="pkg-length" label={t('client.settings.length')} value={v.length} onChange={field('length')} error={form.errors.length} inputMode="numeric" />
        <TextInput id="pkg-width" label={t('client.settings.width')} value={v.width} onChange={field('width')} error={form.errors.width} inputMode="numeric" />
        <TextInput id="pkg-height" label={t('client.settings.height')} value={v.height} onChange={field('height')} error={form.errors.height} inputMode="numeric" />
      </div>
      <p className="muted small">{t('client.settings.packageHint')}</p>
      <Outcome {...form} testId="settings-package" />
      <SubmitButton busy={form.busy}>{t('client.settings.save')}</SubmitButton>
    </form>
  );
}

/** the default account of cash on delivery (the import uses it): POST v1/user/default-cod-account (an empty account clears it) */
export function DefaultCodAccountForm({ value }: { value: UserProfile['default_cod_account'] }) {
  const t = useT();
  const form = useForm();
  const [v, set] = useState({ accountNumber: value?.account_number ?? '', bankCode: value?.bank_code ?? '' });
  const field = (k: keyof typeof v) => (s: string) => set((x) => ({ ...x, [k]: s }));
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const el = e.currentTarget;
    const body = v.accountNumber.trim() === '' && v.bankCode.trim() === '' ? null : v;
    const send = async () => {
      const saved = (await apiPost<UserProfile>('/v1/user/default-cod-account', body)).default_cod_account;
      set({ accountNumber: saved?.account_number ?? '', bankCode: saved?.bank_code ?? '' });
    };
    if (!(await form.run(send))) focusFirstInvalid(el);
  };
  return (
    <form method="post" className="acc-form settings-form" onSubmit={submit} noValidate data-testid="settings-cod-account">
      <div className="settings-grid">
        <TextInput id="cod-account" label={t('client.settings.codAccountNumber')} value={v.accountNumber} onChange={field('accountNumber')} error={form.errors.accountNumber} autoComplete="off" />
        <TextInput id="cod-bank-code" label={t('client.settings.codBankCode')} value={v.bankCode} onChange={field('bankCode')} error={form.errors.bankCode} inputMode="numeric" autoComplete="off" />
      </div>
      <p className="muted small">{t('client.settings.codAccountHint')}</p>
      <Outcome {...form} testId="settings-cod-account" />
      <SubmitButton busy={form.busy}>{t('client.settings.save')}</SubmitButton>
    </form>
  );
}

/** Manage version (spec §1): the preference of the new client section, then that version's settings page in full */
export function VersionForm({ prefersNew, forced, targets }: { prefersNew: boolean; forced: boolean; targets: { v1: string; v2: string } }) {
  const t = useT();
  const form = useForm();
  const [choice, setChoice] = useState<'v1' | 'v2'>(prefersNew || forced ? 'v2' : 'v1');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await form.run(() => apiPost('/v1/user/profile', { client_section_preference_new_client_section: choice === 'v2' }))) location.assign(targets[choice]);
  };
  return (
    <form method="post" className="acc-form settings-form" onSubmit={submit} data-testid="settings-version">
      {forced ? <p className="muted">{t('client.settings.versionForced')}</p> : null}
      <fieldset className="settings-choice" disabled={forced}>
        <legend className="visually-hidden">{t('client.settings.version')}</legend>
        <label className="acc-check">
          <input type="radio" name="version" value="v2" checked={choice === 'v2'} onChange={() => setChoice('v2')} /> {t('client.settings.versionNew')}
        </label>
        <label className="acc-check">
          <input type="radio" name="version" value="v1" checked={choice === 'v1'} onChange={() => setChoice('v1')} /> {t('client.settings.versionOld')}
        </label>
      </fieldset>
      <Outcome {...form} testId="settings-version" />
      {forced ? null : <SubmitButton busy={form.busy} testId="settings-version-save">{t('client.settings.save')}</SubmitButton>}
    </form>
  );
}
