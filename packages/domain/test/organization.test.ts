import { describe, expect, it } from 'vitest';
import {
  COUNTED_ROLES,
  ORGANIZATION_ROLES,
  SERVICE_PROVIDER_LEVELS,
  activeOrganizationAfterSignIn,
  queryIdOf,
  switchOrganization,
  type OrganizationEntry,
} from '../src/index.js';

const riyadhTrading: OrganizationEntry = {
  slno: 314,
  sipSlNo: 408,
  organizationUserSlno: 9001,
  userName: 'sara.alqahtani',
};
const jeddahLogistics: OrganizationEntry = {
  slno: 520,
  sipSlNo: 611,
  organizationUserSlno: 9002,
  userName: 'sara.alqahtani',
};

describe('organization query id (SPEC §6)', () => {
  it('uses the organization slno for organization type 1', () => {
    expect(queryIdOf({ organizationType: 1, slno: 314, sipSlNo: 408 })).toBe(314);
  });

  it('uses the service-provider slno for every other type', () => {
    expect(queryIdOf({ organizationType: 2, slno: 314, sipSlNo: 408 })).toBe(408);
    expect(queryIdOf({ organizationType: 0, slno: 314, sipSlNo: 408 })).toBe(408);
  });
});

describe('roles and levels (SPEC §1, §6)', () => {
  it('names the five organization roles, three of which consume counters', () => {
    expect(ORGANIZATION_ROLES).toHaveLength(5);
    for (const role of COUNTED_ROLES) expect(ORGANIZATION_ROLES).toContain(role);
    expect(SERVICE_PROVIDER_LEVELS).toEqual(['L1', 'L2']);
  });
});

describe('organization switch (SPEC §4)', () => {
  const list = [riyadhTrading, jeddahLogistics];

  it('makes the chosen organization active and persists its id', () => {
    expect(switchOrganization(list, 520)).toEqual({
      ok: true,
      active: jeddahLogistics,
      persist: 520,
    });
  });

  it('refuses an organization that is not in the user’s list', () => {
    expect(switchOrganization(list, 999)).toEqual({ ok: false });
  });

  it('restores the persisted organization after sign-in', () => {
    expect(activeOrganizationAfterSignIn(list, 520)).toBe(jeddahLogistics);
  });

  it('falls back to the first organization when the persisted one is gone or absent', () => {
    expect(activeOrganizationAfterSignIn(list, 999)).toBe(riyadhTrading);
    expect(activeOrganizationAfterSignIn(list, null)).toBe(riyadhTrading);
  });

  it('has no active organization for a user with none', () => {
    expect(activeOrganizationAfterSignIn([], 314)).toBeNull();
  });
});
