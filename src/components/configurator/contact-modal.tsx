'use client';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'waku';
import { isWorkingTime } from '../../lib/configurator-form';
import { CUSTOMER_CARE } from '../../lib/contacts';
import type { Territory } from '../../lib/types/quote';
import { href, type PageLocale } from '../../routes';
import { useT } from '../i18n/client';

/** 'Need help' with the contact-us link; the modal is 1000 px wide and closes on Escape, backdrop or the close button. */
export function ContactHelp({ locale, territory }: { locale: PageLocale; territory: Territory }) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const [phoneShown, setPhoneShown] = useState(false);
  const contact = CUSTOMER_CARE[territory];

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) {
      setPhoneShown(isWorkingTime(new Date()));
      d.showModal();
    }
    if (!open && d.open) d.close();
  }, [open]);

  return (
    <div className="cfg-help">
      <span>{t('configurator.needHelp')}</span>{' '}
      <button type="button" className="cfg-link-button" onClick={() => setOpen(true)} data-testid="contact-us">
        {t('configurator.contactUs')}
      </button>
      <dialog
        ref={dialog}
        className="modal cfg-contact-modal"
        aria-labelledby="cfg-contact-title"
        data-testid="contact-modal"
        onClose={() => setOpen(false)}
        onClick={(e) => e.target === dialog.current && setOpen(false)}
      >
        <button type="button" className="modal-close" aria-label={t('modal.close')} onClick={() => setOpen(false)}>
          ×
        </button>
        <h2 id="cfg-contact-title">{t('configurator.contact.title')}</h2>
        <p>{t('configurator.contact.text')}</p>
        <div className="cfg-contact-grid">
          <section>
            <h3>{t('configurator.contact.email')}</h3>
            <p>
              <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </p>
          </section>
          <section>
            <h3>{t('configurator.contact.phone')}</h3>
            {phoneShown ? (
              <p>
                <a href={`tel:${contact.phone.replace(/\s/g, '')}`}>{contact.phone}</a>
              </p>
            ) : (
              <p className="muted">{t('configurator.contact.phoneHours')}</p>
            )}
          </section>
          <section>
            <h3>{t('configurator.contact.form')}</h3>
            <p>
              <Link to={href('contact-form', locale)} onClick={() => setOpen(false)}>
                {t('configurator.contact.formLink')}
              </Link>
            </p>
            <p>
              <Link to={href('faq', locale)} onClick={() => setOpen(false)}>
                {t('configurator.contact.faq')}
              </Link>
            </p>
          </section>
        </div>
      </dialog>
    </div>
  );
}
