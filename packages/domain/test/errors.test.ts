import { describe, expect, it } from 'vitest';
import {
  ERROR_CATALOGUE,
  IDENTITY_FLOWS,
  MESSAGES,
  initiationSituations,
  TOAST_VARIANTS,
  describe as describeMessage,
} from '../src/index.js';

describe('error catalogue (SPEC §8)', () => {
  it('covers every situation of the spec', () => {
    expect(Object.keys(ERROR_CATALOGUE)).toHaveLength(14);
  });

  it('shows a rejected login initiation as an error toast titled Error with the server’s message', () => {
    expect(ERROR_CATALOGUE.loginInitiationRejected).toEqual({
      kind: 'toast',
      variant: 'error',
      titleKey: 'errors.title',
      description: { from: 'server', field: 'errorMessage' },
    });
  });

  it('shows a failed login initiation with “Something went wrong. Please try again”', () => {
    const { description } = ERROR_CATALOGUE.loginInitiationFailed;
    expect(describeMessage(description, 'en')).toBe('Something went wrong. Please try again');
    expect(describeMessage(description, 'ar')).toBe('حدث خطأ ما. يرجى المحاولة مرة أخرى');
  });

  it('shows renewal failures as notices', () => {
    expect(ERROR_CATALOGUE.renewalRejected.kind).toBe('notice');
    expect(ERROR_CATALOGUE.renewalFailed.kind).toBe('notice');
  });

  it('shows “Failed to fetch” for a grid call with no message', () => {
    expect(describeMessage(ERROR_CATALOGUE.gridFetchFailed.description, 'en')).toBe(
      'Failed to fetch',
    );
    expect(describeMessage(ERROR_CATALOGUE.gridFetchFailed.description, 'ar')).toBe(
      'تعذّر جلب البيانات',
    );
  });

  it('uses the server’s message when one is sent, and the fixed message when it is blank', () => {
    const { description } = ERROR_CATALOGUE.renewalRejected;
    expect(describeMessage(description, 'en', 'KYC already valid')).toBe('KYC already valid');
    expect(describeMessage(description, 'en', '   ')).toBe(
      'Something went wrong. Please try again',
    );
    expect(describeMessage(description, 'ar')).toBe('حدث خطأ ما. يرجى المحاولة مرة أخرى');
    expect(describeMessage({ from: 'key', key: 'errors.title' }, 'ar', 'ignored')).toBe('خطأ');
  });

  it('names the session and translation actions', () => {
    expect(ERROR_CATALOGUE.unauthorized).toEqual({ kind: 'action', action: 'refresh-and-retry' });
    expect(ERROR_CATALOGUE.refreshTokenExpired.action).toBe('remove-refresh-token-and-logout');
    expect(ERROR_CATALOGUE.sessionCheckRefreshFailed.action).toBe('remove-refresh-token-and-login');
    expect(ERROR_CATALOGUE.translationClientError.action).toBe('do-not-retry');
    expect(ERROR_CATALOGUE.translationParseError.action).toBe('report-parse-failure');
  });

  it('uses only the four toast variants and has every message in both languages', () => {
    for (const handling of Object.values(ERROR_CATALOGUE)) {
      if ('variant' in handling) expect(TOAST_VARIANTS).toContain(handling.variant);
    }
    for (const text of Object.values(MESSAGES)) {
      expect(text.en.trim()).not.toBe('');
      expect(text.ar.trim()).not.toBe('');
    }
  });
});

describe('an identity-app initiation that fails (issue 43: the renewal error vanished after 4 s)', () => {
  it('is a notice that stays until dismissed in KYC renewal, a toast elsewhere', () => {
    const renewal = initiationSituations('kycRenewal');
    expect([ERROR_CATALOGUE[renewal.rejected].kind, ERROR_CATALOGUE[renewal.failed].kind]).toEqual([
      'notice',
      'notice',
    ]);
    for (const flow of IDENTITY_FLOWS.filter((each) => each !== 'kycRenewal')) {
      const { rejected, failed } = initiationSituations(flow);
      expect([ERROR_CATALOGUE[rejected].kind, ERROR_CATALOGUE[failed].kind], flow).toEqual([
        'toast',
        'toast',
      ]);
    }
  });
});
