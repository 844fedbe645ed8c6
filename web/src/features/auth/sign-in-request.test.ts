import { describe, expect, it } from 'vitest';
import { isSignInCallback, safeReturnTo } from './sign-in-request';

describe('sign-in helpers', () => {
  it('recognise a login return by code, state or error on /callback only', () => {
    expect(isSignInCallback({ pathname: '/callback', search: '?code=abc&state=xyz' })).toBe(true);
    expect(isSignInCallback({ pathname: '/callback', search: '?error=access_denied&state=xyz' })).toBe(true);
    expect(isSignInCallback({ pathname: '/callback', search: '' })).toBe(false);
    expect(isSignInCallback({ pathname: '/search', search: '?code=abc' })).toBe(false);
  });

  it('return only to a path of this app, by default the dashboard', () => {
    expect(safeReturnTo('/search?address=Denver')).toBe('/search?address=Denver');
    expect(safeReturnTo(undefined)).toBe('/dashboard');
    expect(safeReturnTo('https://evil.example/')).toBe('/dashboard');
    expect(safeReturnTo('//evil.example/')).toBe('/dashboard');
    expect(safeReturnTo('/callback?code=1')).toBe('/dashboard');
  });
});
