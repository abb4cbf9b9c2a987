import { describe, expect, it } from 'vitest';
import {
  TOKEN_EXPIRED,
  afterFailedCall,
  afterRefreshFailure,
  authCheck,
  authCheckAfterRefresh,
  safeReturnPath,
} from '../src/index.js';

describe('auth-check (SPEC §2)', () => {
  it('goes to login with no stored refresh token, keeping where the user was going', () => {
    expect(
      authCheck({ hasRefreshToken: false, hasSession: false, from: '/app/my/devices' }),
    ).toEqual({ type: 'go-to-login', removeRefreshToken: false, from: '/app/my/devices' });
  });

  it('goes to login with no refresh token even if a session is still in memory', () => {
    expect(authCheck({ hasRefreshToken: false, hasSession: true, from: null })).toEqual({
      type: 'go-to-login',
      removeRefreshToken: false,
      from: null,
    });
  });

  it('refreshes with a stored token and no session', () => {
    expect(authCheck({ hasRefreshToken: true, hasSession: false, from: null })).toEqual({
      type: 'refresh',
    });
  });

  it('proceeds with a session, to `from` when present', () => {
    expect(
      authCheck({ hasRefreshToken: true, hasSession: true, from: '/app/org/reports/esign' }),
    ).toEqual({ type: 'proceed', navigateTo: '/app/org/reports/esign' });
    expect(authCheck({ hasRefreshToken: true, hasSession: true, from: null })).toEqual({
      type: 'proceed',
      navigateTo: null,
    });
  });

  it('continues after a successful refresh', () => {
    expect(authCheckAfterRefresh({ kind: 'ok' }, '/app/my/account')).toEqual({
      type: 'proceed',
      navigateTo: '/app/my/account',
    });
  });

  it('removes the refresh token and goes to login when the refresh answers non-200 or errors', () => {
    const toLogin = { type: 'go-to-login', removeRefreshToken: true, from: '/app/my' };
    expect(
      authCheckAfterRefresh({ kind: 'rejected', status: 401, detail: TOKEN_EXPIRED }, '/app/my'),
    ).toEqual(toLogin);
    expect(authCheckAfterRefresh({ kind: 'rejected', status: 500 }, '/app/my')).toEqual(toLogin);
    expect(authCheckAfterRefresh({ kind: 'network-error' }, '/app/my')).toEqual(toLogin);
  });
});

describe('a failed call (SPEC §4)', () => {
  it('refreshes once and retries on 401', () => {
    expect(afterFailedCall(401, { retried: false, hasRefreshToken: true })).toEqual({
      type: 'refresh-and-retry',
    });
  });

  it('does not refresh on 403: that is an authorization decision, not an invalid token', () => {
    expect(afterFailedCall(403, { retried: false, hasRefreshToken: true })).toEqual({
      type: 'fail',
    });
  });

  it('does not retry a second time', () => {
    expect(afterFailedCall(401, { retried: true, hasRefreshToken: true })).toEqual({
      type: 'fail',
    });
  });

  it('fails without a refresh token to refresh with', () => {
    expect(afterFailedCall(401, { retried: false, hasRefreshToken: false })).toEqual({
      type: 'fail',
    });
  });

  it('fails on other statuses without refreshing', () => {
    for (const status of [400, 404, 409, 429, 500, 503]) {
      expect(afterFailedCall(status, { retried: false, hasRefreshToken: true })).toEqual({
        type: 'fail',
      });
    }
  });

  it('removes the refresh token and goes to /logout when the refresh says the session ended', () => {
    for (const detail of [TOKEN_EXPIRED, 'TOKEN_REUSED', 'DEVICE_MISMATCH']) {
      expect(afterRefreshFailure({ kind: 'rejected', status: 401, detail })).toEqual({
        type: 'logout',
        removeRefreshToken: true,
      });
    }
  });

  it('keeps the session when the refresh fails for another reason', () => {
    expect(
      afterRefreshFailure({ kind: 'rejected', status: 401, detail: 'SOMETHING_ELSE' }),
    ).toEqual({ type: 'fail' });
    expect(afterRefreshFailure({ kind: 'rejected', status: 503 })).toEqual({ type: 'fail' });
    expect(afterRefreshFailure({ kind: 'network-error' })).toEqual({ type: 'fail' });
    expect(afterRefreshFailure({ kind: 'ok' })).toEqual({ type: 'fail' });
  });
});

describe('return path after sign-in', () => {
  it('follows paths inside the site, with their query and hash', () => {
    expect(safeReturnPath('/app/my/esign/transactions?page=2#top')).toBe(
      '/app/my/esign/transactions?page=2#top',
    );
  });

  it('refuses other origins and scheme-relative or backslash tricks', () => {
    for (const from of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '/app\\..\\evil',
      'javascript:alert(1)',
      '/app/my\n//evil',
      'app/my',
      '',
    ]) {
      expect(safeReturnPath(from)).toBeNull();
    }
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
  });

  it('refuses the session routes, so login never loops', () => {
    for (const from of ['/logout', '/app/login', '/auth-check?from=/app/my', '/app/login#x']) {
      expect(safeReturnPath(from)).toBeNull();
    }
  });

  it('takes another app’s session routes', () => {
    expect(safeReturnPath('/signin?next=1', ['/signin'])).toBeNull();
    expect(safeReturnPath('/app/login', ['/signin'])).toBe('/app/login');
  });
});
