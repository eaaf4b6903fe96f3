'use client';
import { Link } from 'waku';
import { href, type PageLocale } from '../../routes';
import { useT } from '../i18n/client';

/** Cart link with the item count in brackets (personal navigation only). */
export function CartLink({ locale }: { locale: PageLocale }) {
  const t = useT();
  return (
    <Link to={href('cart', locale)} className="cart-link" data-testid="cart-link">
      {t('nav.cart')}
    </Link>
  );
}
