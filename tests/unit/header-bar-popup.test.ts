import { describe, expect, it } from 'vitest';
import { openPopupScript, postponeCookie } from '../../src/lib/header-bar-popup';

/** runs the inline script against a page with the dialog and the given cookies; whether it opened the dialog */
function run(script: string, cookie: string, dialog: { open: boolean } | null = { open: false }): boolean {
  let opened = false;
  const document = { cookie, getElementById: (id: string) => (id === 'header-bar-popup' && dialog ? { ...dialog, showModal: () => (opened = true) } : null) };
  new Function('document', script)(document);
  return opened;
}

describe('the instant header-bar popup’s inline script (spec §4: shows at start unless postponed)', () => {
  const script = openPopupScript('header-bar-popup', postponeCookie(7));

  it('opens the dialog when its postpone cookie is not there', () => {
    expect(run(script, '')).toBe(true);
    expect(run(script, 'locale=cs; popup_70_postpone=1; xpopup_7_postpone=1')).toBe(true);
  });

  it('leaves it closed when postponed, already open or missing', () => {
    expect(run(script, 'locale=cs; popup_7_postpone=1')).toBe(false);
    expect(run(script, 'popup_7_postpone=1')).toBe(false);
    expect(run(script, '', { open: true })).toBe(false);
    expect(run(script, '', null)).toBe(false);
  });

  it('cannot close its script element, whatever the bar id', () => {
    const evil = openPopupScript('header-bar-popup', postponeCookie('</script><script>alert(1)</script>'));
    expect(evil).not.toContain('<');
    expect(run(evil, '')).toBe(true);
  });
});
