import { Link } from 'waku';
import type { MessageId, Translate } from '../../../i18n';
import { displayZip } from '../../../lib/validators';
import { href, type PageLocale } from '../../../routes';
import type { ContractView } from '../../../server/services/business/contracts';
import type { PickupPlaceView } from '../../../server/services/business/pickup-places';
import type { PickupView } from '../../../server/services/business/pickups';
import { SignContractButton } from './contract-actions';
import { carrierLabel, dateText, dateTimeText, dayText, weekdaysText } from './labels';
import { CancelPickupButton } from './pickup-actions';
import { PlaceRowActions } from './place-actions';
import './business.css';

/** The server-rendered parts of the business screens: readable without JavaScript. */

const tx = (t: Translate) => (id: string, values?: Record<string, string | number>) => t(id as MessageId, values);

/** pickups and pickup places without a contract: what they are and where a contract comes from */
export function NoContract({ locale, t, what }: { locale: PageLocale; t: Translate; what: 'pickups' | 'places' }) {
  return (
    <div className="acc-message acc-info biz-notice" data-testid="no-contract">
      <p>
        <strong>{t('business.noContract.title')}</strong>
      </p>
      <p>{t(what === 'pickups' ? 'business.noContract.pickups' : 'business.noContract.places')}</p>
      <p>
        <Link className="button primary" to={href('klient-v2-pro-firmy', locale)} data-testid="no-contract-offer">
          {t('business.noContract.link')}
        </Link>
      </p>
    </div>
  );
}

export function ContractItem({ contract: c, locale, t }: { contract: ContractView; locale: PageLocale; t: Translate }) {
  const className = c.unsigned ? 'biz-item biz-warn' : c.status === 'terminated' ? 'biz-item biz-ended' : 'biz-item';
  return (
    <li className={className} data-testid="contract" data-status={c.status} data-unsigned={c.unsigned}>
      <div className="biz-lines">
        <p className="biz-title">
          <strong>{t('business.contracts.number', { number: c.number })}</strong>
          <span className="biz-tier">{c.tier}</span>
          <span className={`biz-badge biz-badge-${c.status}`}>{t(`business.contracts.status.${c.status}` as MessageId)}</span>
          {c.unsigned && <span className="biz-badge biz-badge-unsigned">{t('business.contracts.unsigned')}</span>}
        </p>
        <p className="muted">{t(`business.tier.${c.tier}.short` as MessageId)}</p>
        <dl className="biz-facts">
          <dt>{t('business.contracts.validFrom')}</dt>
          <dd>{c.valid_from ? dateText(c.valid_from, locale) : t('business.contracts.fromActivation')}</dd>
          {c.activated_at && (
            <>
              <dt>{t('business.contracts.activatedAt')}</dt>
              <dd>{dateTimeText(c.activated_at, locale)}</dd>
            </>
          )}
          <dt>{t('business.contracts.signedAt')}</dt>
          <dd>{c.signed_at ? t('business.contracts.signedFrom', { date: dateTimeText(c.signed_at, locale), ip: c.signed_ip ?? '?' }) : '—'}</dd>
        </dl>
        {c.status === 'pending' && <p className="biz-small">{t('business.contracts.pendingHint')}</p>}
      </div>
      {c.unsigned && <SignContractButton locale={locale} id={c.id} number={c.number} />}
    </li>
  );
}

export function PlaceItem({ place: p, locale, t }: { place: PickupPlaceView; locale: PageLocale; t: Translate }) {
  return (
    <li className="biz-item" data-testid="place">
      <div className="biz-lines">
        <p className="biz-title">
          <strong>{p.name}</strong>
          {p.company && <span className="muted">{p.company}</span>}
        </p>
        <p>{`${p.street}, ${displayZip(p.zip, p.country)} ${p.city}, ${t(`business.country.${p.country}` as MessageId)}`}</p>
        <p className="muted">{[p.contact_person, p.phone, p.email].join(' · ')}</p>
        {p.note && <p className="biz-small">{p.note}</p>}
      </div>
      <PlaceRowActions locale={locale} place={p} />
    </li>
  );
}

export function PickupItem({ pickup: p, locale, t }: { pickup: PickupView; locale: PageLocale; t: Translate }) {
  const when =
    p.kind === 'regular'
      ? t('business.pickups.regularOn', { days: weekdaysText(p.weekdays ?? [], tx(t)) })
      : dayText(p.date, locale);
  return (
    <li className={p.status === 'ordered' ? 'biz-item' : 'biz-item biz-ended'} data-testid="pickup" data-status={p.status}>
      <div className="biz-lines">
        <p className="biz-title">
          <strong>{when}</strong>
          <span>{`${p.window.from}–${p.window.to}`}</span>
          <span className={`biz-badge biz-badge-${p.status}`}>{t(`business.pickups.status.${p.status}` as MessageId)}</span>
        </p>
        <p>{t('business.pickups.from', { place: p.place.name, city: p.place.city ?? '' })}</p>
        <dl className="biz-facts">
          <dt>{t('business.pickups.carrier')}</dt>
          <dd>{carrierLabel(p.carrier.code, p.carrier.name, tx(t))}</dd>
          {p.kind === 'regular' && p.next_date && (
            <>
              <dt>{t('business.pickups.next')}</dt>
              <dd>{dayText(p.next_date, locale)}</dd>
            </>
          )}
          <dt>{t('business.pickups.parcels')}</dt>
          <dd>{p.parcel_count}</dd>
          <dt>{t('business.pickups.reference')}</dt>
          <dd>{p.carrier_ref}</dd>
          {p.note && (
            <>
              <dt>{t('business.pickups.note')}</dt>
              <dd>{p.note}</dd>
            </>
          )}
        </dl>
      </div>
      {p.cancellable && <CancelPickupButton locale={locale} id={p.id} />}
    </li>
  );
}
