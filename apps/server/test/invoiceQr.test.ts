import { describe, expect, it } from 'vitest';
import { COMPANY } from '@tawqi/domain';
import { readInvoiceQr, simplifiedInvoiceQr } from '../src/modules/payments/invoiceQr.js';

describe('the simplified tax invoice QR (ZATCA phase 1)', () => {
  it('encodes the five fields as tag, length, value, in base64 (ZATCA’s published example)', () => {
    const qr = simplifiedInvoiceQr({
      sellerName: 'Bobs Records',
      vatNumber: '310122393500003',
      issuedAt: '2022-04-25T15:30:00Z',
      totalHalalas: 100_000,
      vatHalalas: 15_000,
    });
    expect(qr).toBe(
      'AQxCb2JzIFJlY29yZHMCDzMxMDEyMjM5MzUwMDAwMwMUMjAyMi0wNC0yNVQxNTozMDowMFoEBzEwMDAuMDAFBjE1MC4wMA==',
    );
    expect(readInvoiceQr(qr)).toEqual([
      'Bobs Records',
      '310122393500003',
      '2022-04-25T15:30:00Z',
      '1000.00',
      '150.00',
    ]);
  });

  it('counts an Arabic seller name in bytes, and writes halalas as riyals', () => {
    const qr = simplifiedInvoiceQr({
      sellerName: COMPANY.legalName.ar,
      vatNumber: COMPANY.vatNumber,
      issuedAt: '2026-11-23T05:00:00Z',
      totalHalalas: 22_770,
      vatHalalas: 2_970,
    });
    expect(Buffer.from(qr, 'base64')[1]).toBe(Buffer.byteLength(COMPANY.legalName.ar));
    expect(readInvoiceQr(qr)).toEqual([
      COMPANY.legalName.ar,
      COMPANY.vatNumber,
      '2026-11-23T05:00:00Z',
      '227.70',
      '29.70',
    ]);
  });

  it('refuses a field longer than a TLV length can say', () => {
    expect(() =>
      simplifiedInvoiceQr({
        sellerName: 'x'.repeat(256),
        vatNumber: '310122393500003',
        issuedAt: '2022-04-25T15:30:00Z',
        totalHalalas: 1,
        vatHalalas: 0,
      }),
    ).toThrow(RangeError);
  });
});
