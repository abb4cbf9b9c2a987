import { describe, expect, it } from 'vitest';
import {
  REGISTRATION_FEE_HALALAS,
  isValidCrNumber,
  isValidPostalCode,
  isValidUnifiedNumber,
} from '../src/enrolment.js';

describe('an application’s field formats', () => {
  it('takes a commercial registration number of ten digits from a registering office (1–5) or 7', () => {
    for (const good of ['1010456789', '4030123456', '2050000001', '7001234567', '١٠١٠٤٥٦٧٨٩'])
      expect(isValidCrNumber(good), good).toBe(true);
    for (const bad of ['', '101045678', '10104567890', '6010456789', '8010456789', '10104567a9'])
      expect(isValidCrNumber(bad), bad).toBe(false);
  });

  it('takes a unified national number of ten digits starting with 7', () => {
    expect(isValidUnifiedNumber('7001234567')).toBe(true);
    expect(isValidUnifiedNumber(' ٧٠٠١٢٣٤٥٦٧ ')).toBe(true);
    for (const bad of ['1001234567', '700123456', '70012345678', ''])
      expect(isValidUnifiedNumber(bad), bad).toBe(false);
  });

  it('takes a five-digit postal code', () => {
    expect(isValidPostalCode('12214')).toBe(true);
    expect(isValidPostalCode('١٢٢١٤')).toBe(true);
    for (const bad of ['1221', '122145', '12a14', ''])
      expect(isValidPostalCode(bad), bad).toBe(false);
  });

  it('charges a fee to a provider applying as an L2, and none to an organization', () => {
    expect(REGISTRATION_FEE_HALALAS.organization).toBe(0);
    expect(REGISTRATION_FEE_HALALAS.l2Provider).toBeGreaterThan(0);
  });
});
