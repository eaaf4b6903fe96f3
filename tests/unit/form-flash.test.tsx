import { createRef } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FormMessages, SCROLL_FLASH_MS, type StepForm } from '../../src/components/configurator/form';
import { MessagesProvider } from '../../src/components/i18n/client';

const form = (over: Partial<StepForm> = {}): StepForm => ({
  errors: { 'sender.email': 'validation.email' },
  touch: () => undefined,
  changed: () => undefined,
  fail: () => undefined,
  flash: true,
  dismissFlash: () => undefined,
  unplaced: {},
  formRef: createRef<HTMLFormElement>(),
  ...over,
});

describe('the scroll-to-error flash (spec §8, §9; issue 30 item 10)', () => {
  it('stays 10 seconds and has a close button in the page’s language', () => {
    expect(SCROLL_FLASH_MS).toBe(10_000);
    const html = renderToStaticMarkup(
      <MessagesProvider messages={{ 'configurator.invalidForm': 'Formulář obsahuje chyby.', 'modal.close': 'Zavřít' }}>
        <FormMessages form={form()} />
      </MessagesProvider>,
    );
    expect(html).toContain('Formulář obsahuje chyby.');
    expect(html).toMatch(/<button[^>]*aria-label="Zavřít"[^>]*data-testid="invalid-form-flash-close"/);
  });

  it('is not shown once no error is left', () => {
    expect(renderToStaticMarkup(<FormMessages form={form({ errors: {} })} />)).not.toContain('invalid-form-flash');
  });
});
