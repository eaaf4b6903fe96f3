import { describe, expect, it } from 'vitest';
import { authorizeUrl, safeReturnPath, socialReturn, type PendingSocial } from '../../src/components/account/social';

const pending = (over: Partial<PendingSocial> = {}): PendingSocial => ({ provider: 'google', state: 's1', nonce: 'n1', returnTo: '/klient/v2/faktury', ...over });
const REDIRECT = 'http://127.0.0.1:8799/prihlaseni';

describe('social sign-in redirect', () => {
  it('asks Google for an ID token with state and nonce', () => {
    const url = new URL(authorizeUrl({ mode: 'sandbox', authorizeUrl: '/_sandbox/idp/google/authorize', clientId: 'sandbox-google' }, pending(), REDIRECT));
    expect(url.origin + url.pathname).toBe('http://127.0.0.1:8799/_sandbox/idp/google/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'sandbox-google',
      redirect_uri: REDIRECT,
      response_type: 'id_token',
      state: 's1',
      nonce: 'n1',
      scope: 'openid email profile',
    });
  });

  it('asks Facebook for an access token, without a nonce', () => {
    const url = new URL(authorizeUrl({ mode: 'live', authorizeUrl: 'https://www.facebook.com/v19.0/dialog/oauth', clientId: '123' }, pending({ provider: 'facebook' }), REDIRECT));
    expect(url.host).toBe('www.facebook.com');
    expect(url.searchParams.get('response_type')).toBe('token');
    expect(url.searchParams.has('nonce')).toBe(false);
  });
});

describe('the provider’s return to the login page', () => {
  it('hands over the token of the state this tab started', () => {
    expect(socialReturn('#id_token=jwt.x.y&state=s1', pending())).toEqual({ kind: 'token', provider: 'google', accessToken: 'jwt.x.y', returnTo: '/klient/v2/faktury' });
    expect(socialReturn('#access_token=EAAB&token_type=bearer&state=s1', pending({ provider: 'facebook' }))).toMatchObject({ kind: 'token', provider: 'facebook', accessToken: 'EAAB' });
  });

  it('refuses a state it did not start (another tab, a forged link)', () => {
    expect(socialReturn('#id_token=jwt&state=other', pending())).toEqual({ kind: 'invalid' });
    expect(socialReturn('#id_token=jwt&state=s1', null)).toEqual({ kind: 'invalid' });
  });

  it('reports a cancelled or refused sign-in as not connected', () => {
    expect(socialReturn('#error=access_denied&state=s1', pending({ provider: 'facebook' }))).toEqual({ kind: 'denied', provider: 'facebook' });
  });

  it('ignores fragments that are not a provider’s answer', () => {
    expect(socialReturn('', pending())).toBeNull();
    expect(socialReturn('#help', pending())).toBeNull();
    expect(socialReturn('#id_token=jwt', pending())).toBeNull();
  });

  it('returns only to a path of this site', () => {
    expect(safeReturnPath('/en/cart')).toBe('/en/cart');
    expect(safeReturnPath('//evil.example/x')).toBe('/');
    expect(safeReturnPath('/\\evil.example')).toBe('/');
    expect(safeReturnPath('https://evil.example/')).toBe('/');
    expect(socialReturn('#id_token=jwt&state=s1', pending({ returnTo: '//evil.example' }))).toMatchObject({ returnTo: '/' });
  });
});
