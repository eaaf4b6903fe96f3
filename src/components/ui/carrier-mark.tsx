import type { CSSProperties } from 'react';

/**
 * A carrier's mark: a neutral wordmark we set ourselves in the site's own type (no logo
 * artwork, no trademark colours as backgrounds). Each carrier gets its name in a treatment
 * of its own (case, weight, spacing) and one dark accent colour, all at least 4.5:1 on white.
 * Decorative next to the carrier's name, hence aria-hidden; with `labelled` it stands alone
 * and carries the name for assistive technology.
 */

type Mark = {
  /** the wordmark's text; a second line in smaller type */
  text: string;
  sub?: string;
  /** accent (text and edge), ≥ 4.5:1 on #fff and on the unavailable card's #f5f7fb */
  color: string;
  /** typographic treatment */
  style?: 'caps' | 'spaced' | 'lower' | 'italic';
};

const MARKS: Record<string, Mark> = {
  balikovna: { text: 'balíkovna', color: '#8a5300', style: 'lower' },
  dpd: { text: 'DPD', color: '#b0002a', style: 'caps' },
  fedex: { text: 'FedEx', color: '#4d148c' },
  gls: { text: 'GLS', color: '#061ab1', style: 'caps' },
  ppl: { text: 'PPL', color: '#0b3f8c', style: 'caps' },
  toptrans: { text: 'TOPTRANS', color: '#b3000f', style: 'spaced' },
  ups: { text: 'UPS', color: '#4a2a1c', style: 'caps' },
  wedo: { text: 'One', sub: 'by Allegro', color: '#a63c00' },
  liftago: { text: 'liftago', color: '#00706a', style: 'italic' },
};

const FALLBACK_COLOR = '#5b6779';

/** the mark's data: a known carrier's, or its code in capitals on the neutral colour */
export const carrierMark = (code: string): Mark => MARKS[code] ?? { text: code.slice(0, 8).toUpperCase(), color: FALLBACK_COLOR, style: 'caps' };

type Props = { code: string; /** the carrier's name when the mark stands without it */ label?: string; size?: 'small' | 'normal' };

export function CarrierMark({ code, label, size = 'normal' }: Props) {
  const mark = carrierMark(code);
  const className = ['carrier-mark', mark.style ? `carrier-mark-${mark.style}` : '', size === 'small' ? 'carrier-mark-small' : ''].filter(Boolean).join(' ');
  return (
    <span
      className={className}
      style={{ '--mark': mark.color } as CSSProperties}
      data-carrier-mark={code}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      <span className="carrier-mark-text">{mark.text}</span>
      {mark.sub && <span className="carrier-mark-sub">{mark.sub}</span>}
    </span>
  );
}
