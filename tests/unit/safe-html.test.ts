import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../src/lib/safe-html';

describe('sanitizeHtml', () => {
  it('keeps the allowed structure', () => {
    expect(sanitizeHtml('<p>Hi <strong>there</strong></p><ul><li>a</li></ul>')).toBe('<p>Hi <strong>there</strong></p><ul><li>a</li></ul>');
  });
  it('drops scripts, handlers and unsafe links', () => {
    expect(sanitizeHtml('<p onclick="x()">a</p><script>alert(1)</script>')).toBe('<p>a</p>alert(1)');
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="/kontakt" onmouseover="x">x</a>')).toBe('<a href="/kontakt" rel="noopener">x</a>');
    expect(sanitizeHtml('<img src=x onerror=alert(1)>')).toBe('');
  });
  it('escapes stray angle brackets', () => {
    expect(sanitizeHtml('1 < 2 & 3')).toBe('1 &lt; 2 &amp; 3');
  });
});
