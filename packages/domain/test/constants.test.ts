import { describe, expect, it } from 'vitest';
import {
  APPROVAL_REQUEST_LANGUAGE,
  DEFAULT_IDS,
  DOCUMENT_CONFIGURATION_ID,
  EXPORT_FILE_NAMES,
  QUERY_CONSTANTS,
  REQUEST_TYPE_DEFAULT,
  SEARCH_TYPE_DEFAULTS,
  SPINNER_DEFAULTS,
  SPINNER_SIZES,
  STORAGE_KEYS,
  TOAST_SETTINGS,
  TOAST_VARIANTS,
} from '../src/index.js';

describe('business constants (SPEC §9)', () => {
  it('keeps the language in i18nextLng and the theme under a key ending in ui-theme', () => {
    expect(STORAGE_KEYS.language).toBe('i18nextLng');
    expect(STORAGE_KEYS.theme).toMatch(/ui-theme$/u);
    expect(new Set(Object.values(STORAGE_KEYS)).size).toBe(Object.keys(STORAGE_KEYS).length);
  });

  it('names the eleven export files, all .xlsx', () => {
    const names = Object.values(EXPORT_FILE_NAMES);
    expect(names).toHaveLength(11);
    for (const name of names) expect(name).toMatch(/^[A-Za-z0-9_]+\.xlsx$/u);
    expect(EXPORT_FILE_NAMES.esignCounterDeductionSummary).toBe(
      'eSign_Counter_Deduction_Summary.xlsx',
    );
  });

  it('shows up to 3 toasts of 4 variants for 4000 ms, bottom-right or bottom-left in RTL', () => {
    expect(TOAST_VARIANTS).toEqual(['info', 'success', 'warning', 'error']);
    expect(TOAST_SETTINGS).toEqual({
      maxVisible: 3,
      timeoutMs: 4000,
      placement: { ltr: 'bottom-right', rtl: 'bottom-left' },
    });
  });

  it('shows a medium spinner by default', () => {
    expect(SPINNER_SIZES).toEqual(['small', 'medium', 'large']);
    expect(SPINNER_DEFAULTS).toEqual({ size: 'medium', shown: true });
  });

  it('has the spec’s default ids and query constants', () => {
    expect(DEFAULT_IDS).toEqual({
      l2StockAllocationL1SipId: 408,
      manageOrganizationUnitOrgSlNo: 314,
    });
    expect(SEARCH_TYPE_DEFAULTS).toEqual({ byCriteria: 3, none: 0 });
    expect(REQUEST_TYPE_DEFAULT).toBe(0);
    expect(QUERY_CONSTANTS).toEqual({ dashboardType: 3, displayValue: 3, userType: 3 });
    expect(APPROVAL_REQUEST_LANGUAGE).toBe('en');
    expect(DOCUMENT_CONFIGURATION_ID).toBe(7);
  });
});
