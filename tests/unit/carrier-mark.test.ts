import { describe, expect, it } from 'vitest';
import { carrierMark } from '../../src/components/ui/carrier-mark';

// WCAG 2.x relative luminance and contrast ratio
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/** every carrier the quote engine offers (src/server/carriers) */
const CARRIERS = ['balikovna', 'dpd', 'fedex', 'gls', 'ppl', 'toptrans', 'ups', 'wedo', 'liftago'];
/** the mark's own white and the unavailable quote card's background (styles.css --bg) */
const BACKGROUNDS = ['#ffffff', '#f5f7fb'];

describe('carrier marks', () => {
  it.each(CARRIERS)('%s: a wordmark of its own with text at least 4.5:1 on every background it sits on', (code) => {
    const mark = carrierMark(code);
    expect(mark.text.length).toBeGreaterThan(1);
    for (const bg of BACKGROUNDS) expect(contrast(mark.color, bg)).toBeGreaterThanOrEqual(4.5);
  });

  it('One by Allegro (API code wedo) is named as the carrier now calls itself', () => {
    expect(`${carrierMark('wedo').text} ${carrierMark('wedo').sub}`).toBe('One by Allegro');
  });

  it('an unknown carrier gets its code on the neutral colour, still readable', () => {
    const mark = carrierMark('newco');
    expect(mark.text).toBe('NEWCO');
    expect(contrast(mark.color, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('no two carriers share a colour', () => {
    const colours = CARRIERS.map((c) => carrierMark(c).color);
    expect(new Set(colours).size).toBe(colours.length);
  });
});
