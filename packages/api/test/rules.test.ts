import { describe, expect, it, vi } from 'vitest';
import { CONTRACT, saveDownloadedFile, schemas } from '../src/index.js';

describe('approval actions (our design)', () => {
  const cases = [
    ['processNewUserRequest', { orgSlNo: 314, userSlNo: 2500 }],
    ['processChangeRequest', { orgSlNo: 314, userSlNo: 2000, changeRequestSlno: 9100 }],
    ['processL2Request', { l1SipId: 408, requestId: 600 }],
  ] as const;

  it.each(cases)('%s approves without remarks and rejects only with them', (id, ids) => {
    const body = CONTRACT[id].body;
    expect(body.safeParse({ ...ids, action: 'approve' }).success).toBe(true);
    expect(body.safeParse({ ...ids, action: 'reject', remarks: 'Documents expired' }).success).toBe(
      true,
    );
    const refused = body.safeParse({ ...ids, action: 'reject', remarks: '   ' });
    expect(refused.error?.issues[0]).toMatchObject({
      path: ['remarks'],
      message: 'remarks are required to reject',
    });
    expect(body.safeParse({ ...ids, action: 'reject' }).success).toBe(false);
  });

  it('defaults the L1 provider to 408 (SPEC §9)', () => {
    expect(
      CONTRACT.processL2Request.body.parse({ requestId: 600, action: 'approve' }).l1SipId,
    ).toBe(408);
  });
});

describe('allocating to an L2 provider (our design)', () => {
  it('refuses an allocation of nothing', () => {
    const body = CONTRACT.allocateL2RoleCounters.body;
    const none = {
      l2SipId: 500,
      organizationUserCounters: 0,
      enrollmentAdminCounters: 0,
      authorisedSignatoryCounters: 0,
    };
    expect(body.safeParse(none).success).toBe(false);
    expect(body.safeParse({ ...none, enrollmentAdminCounters: 2 }).success).toBe(true);
    expect(body.safeParse({ ...none, organizationUserCounters: -1 }).success).toBe(false);
  });
});

describe('wire formats', () => {
  it('carries SAR with at most two decimals', () => {
    expect(schemas.sar.safeParse(458.85).success).toBe(true);
    expect(schemas.sar.safeParse(0.1 + 0.2).success).toBe(false);
    expect(schemas.sar.safeParse(1.005).success).toBe(false);
    expect(schemas.sar.safeParse(-1).success).toBe(false);
  });

  it('takes Saudi mobiles and valid national ids only', () => {
    expect(schemas.mobile.safeParse('055 123 4567').success).toBe(true);
    expect(schemas.mobile.safeParse('0112345678').success).toBe(false);
    expect(schemas.nationalId.safeParse('1000000008').success).toBe(true);
    expect(schemas.nationalId.safeParse('1000000009').success).toBe(false);
  });

  it('refuses prototype keys in a request body', () => {
    const body = JSON.parse('{"transactionID":"ES-1","__proto__":{"admin":true}}') as unknown;
    expect(CONTRACT.myDocuments.body.safeParse(body).success).toBe(false);
    const constructorKey = JSON.parse(
      '{"transactionID":"ES-1","constructor":{"prototype":{}}}',
    ) as unknown;
    expect(CONTRACT.myDocuments.body.safeParse(constructorKey).success).toBe(false);
  });
});

describe('saving a downloaded file in a browser', () => {
  it('clicks a temporary link named after the file, then removes it', () => {
    const link = { href: '', download: '', rel: '', click: vi.fn(), remove: vi.fn() };
    const append = vi.fn();
    const scope = {
      document: { createElement: vi.fn(() => link), body: { append } },
    } as unknown as typeof globalThis;
    saveDownloadedFile({ blob: new Blob(['x']), fileName: 'ManageOrganizationUsers.xlsx' }, scope);
    expect(link.download).toBe('ManageOrganizationUsers.xlsx');
    expect(link.href).toMatch(/^blob:/);
    expect(append).toHaveBeenCalledWith(link);
    expect(link.click).toHaveBeenCalledTimes(1);
    expect(link.remove).toHaveBeenCalledTimes(1);
  });

  it('says so outside a browser', () => {
    expect(() => {
      saveDownloadedFile({ blob: new Blob(['x']), fileName: 'a.xlsx' }, {} as typeof globalThis);
    }).toThrow(/browser document/);
  });
});
