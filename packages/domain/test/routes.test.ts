import { describe, expect, it } from 'vitest';
import { MY_ROUTES, ORG_ROUTES, PUBLIC_ROUTES, isPortalRoute } from '../src/index.js';

describe('the portal routes (SPEC §2)', () => {
  it('knows every route of each area, with or without a query', () => {
    expect(PUBLIC_ROUTES).toContain('/why-esign');
    // SPEC §2's 12 and ours: signing my own PDFs, and envelopes (issue 44).
    expect(MY_ROUTES).toHaveLength(16);
    expect(MY_ROUTES).toContain('/app/my/esign/sign');
    expect(MY_ROUTES).toContain('/app/my/envelope');
    // SPEC §2's 27 and ours: the organization's tax invoices (issue 38).
    expect(ORG_ROUTES).toHaveLength(28);
    expect(ORG_ROUTES).toContain('/app/org/purchase/invoices');
    expect(isPortalRoute('/')).toBe(true);
    expect(isPortalRoute('/app/my/devices?page=2')).toBe(true);
    expect(isPortalRoute('/app/org/approval/ltwo#top')).toBe(true);
    expect(isPortalRoute('/verify-orgUser')).toBe(true);
  });

  it('knows no other address', () => {
    expect(isPortalRoute('/no-such-page')).toBe(false);
    expect(isPortalRoute('/app/my/nothing')).toBe(false);
    expect(isPortalRoute('/features/')).toBe(false);
    expect(isPortalRoute('/home')).toBe(false);
  });
});
