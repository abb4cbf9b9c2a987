import { describe, expect, it } from 'vitest';
import { ORG_ROUTES, ORG_ROUTE_ACTIONS, PERMISSIONS, isAllowed } from '../src/index.js';

const member = (
  roles: Parameters<typeof isAllowed>[0]['roles'],
  sipLevel: 'L1' | 'L2' | null = null,
) => ({
  roles,
  sipLevel,
});

describe('the permission table', () => {
  it('lets every member see the organization, and only an enrolment admin manage its users', () => {
    expect(isAllowed(member(['organizationUser']), 'viewOrganization')).toBe(true);
    expect(isAllowed(member(['technicalContact']), 'viewOrganization')).toBe(true);
    expect(isAllowed(member(['organizationUser']), 'manageUsers')).toBe(false);
    expect(isAllowed(member(['enrolmentAdmin']), 'manageUsers')).toBe(true);
  });

  it('lets an authorized signatory buy and sign, not approve', () => {
    const signatory = member(['authorizedSignatory']);
    expect(isAllowed(signatory, 'buy')).toBe(true);
    expect(isAllowed(signatory, 'sign')).toBe(true);
    expect(isAllowed(signatory, 'approve')).toBe(false);
  });

  it('lets only an enrolment admin of an L1 provider’s organization manage L2 providers', () => {
    expect(isAllowed(member(['enrolmentAdmin'], 'L1'), 'manageL2Providers')).toBe(true);
    expect(isAllowed(member(['enrolmentAdmin'], 'L2'), 'manageL2Providers')).toBe(false);
    expect(isAllowed(member(['enrolmentAdmin']), 'manageL2Providers')).toBe(false);
    expect(isAllowed(member(['authorizedSignatory'], 'L1'), 'manageL2Providers')).toBe(false);
  });

  it('names an action for every organization route, and only actions the table has', () => {
    expect(Object.keys(ORG_ROUTE_ACTIONS).sort()).toEqual([...ORG_ROUTES].sort());
    for (const action of Object.values(ORG_ROUTE_ACTIONS))
      expect(PERMISSIONS).toHaveProperty(action);
  });
});
