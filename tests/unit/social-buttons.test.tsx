import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SocialButtons } from '../../src/components/account/social-buttons';
import type { Providers } from '../../src/components/account/social';

const off = { mode: 'unavailable', authorizeUrl: null, clientId: null } as const;
const live = { mode: 'live', authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth', clientId: 'id' } as const;
const render = (providers: Providers) => renderToStaticMarkup(<SocialButtons locale="cs" providers={providers} returnTo={() => '/'} />);

describe('social sign-in buttons (issue 22: a provider that is not configured is a setting)', () => {
  it('shows no social block when no provider is configured', () => {
    expect(render({ google: off, facebook: off })).toBe('');
  });

  it('shows only the configured provider', () => {
    const html = render({ google: live, facebook: off });
    expect(html).toContain('data-testid="social-google"');
    expect(html).not.toContain('social-facebook');
  });
});
