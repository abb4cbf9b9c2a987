import { describe, expect, it } from 'vitest';
import { COMPANY } from '../src/index.js';

describe('the seller (COMPANY)', () => {
  it('has a VAT number of ZATCA’s form and a ten-digit commercial registration', () => {
    expect(COMPANY.vatNumber).toMatch(/^3\d{13}3$/);
    expect(COMPANY.commercialRegistration).toMatch(/^\d{10}$/);
    expect(COMPANY.legalName.ar).toMatch(/[\u0600-\u06FF]/);
  });
});
