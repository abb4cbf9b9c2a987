import { describe, expect, it } from 'vitest';
import {
  ORGANIZATION_ROLES,
  ORG_ROUTES,
  ORG_ROUTE_ACTIONS,
  PERMISSIONS,
  PROVIDER_ROUTES,
  PROVIDER_ROUTE_ACTIONS,
  actionsOf,
  isAllowed,
} from '../src/index.js';

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

  it('gives no customer organization’s role any provider power (issue 36)', () => {
    const providerActions = [
      'viewProvider',
      'viewL2Providers',
      'decideL2Requests',
      'priceSpecialPlans',
      'confirmPurchaseOrders',
      'allocateToL2Providers',
    ] as const;
    for (const action of providerActions)
      expect(isAllowed(member([...ORGANIZATION_ROLES], 'L1'), action)).toBe(false);
    for (const role of ORGANIZATION_ROLES)
      expect(actionsOf(role).filter((action) => action.toLowerCase().includes('provider'))).toEqual(
        [],
      );
  });

  it('lets a provider’s staff act by role, and manage L2 providers only at an L1', () => {
    const admin = member(['providerAdmin'], 'L1');
    expect(actionsOf('providerAdmin')).toEqual([
      'viewProvider',
      'viewL2Providers',
      'decideL2Requests',
      'priceSpecialPlans',
      'confirmPurchaseOrders',
      'allocateToL2Providers',
    ]);
    expect(isAllowed(admin, 'priceSpecialPlans')).toBe(true);
    expect(isAllowed(member(['providerAdmin'], 'L2'), 'priceSpecialPlans')).toBe(false);
    expect(isAllowed(member(['providerAdmin'], 'L2'), 'viewProvider')).toBe(true);
    const finance = member(['providerFinance'], 'L1');
    expect(isAllowed(finance, 'confirmPurchaseOrders')).toBe(true);
    expect(isAllowed(finance, 'decideL2Requests')).toBe(false);
    const approver = member(['providerApprover'], 'L1');
    expect(isAllowed(approver, 'decideL2Requests')).toBe(true);
    expect(isAllowed(approver, 'priceSpecialPlans')).toBe(false);
    expect(isAllowed(approver, 'allocateToL2Providers')).toBe(false);
    // And no staff role is an organization's.
    expect(isAllowed(admin, 'viewOrganization')).toBe(false);
  });

  it('names an action for every organization and provider route, and only actions the table has', () => {
    expect(Object.keys(ORG_ROUTE_ACTIONS).sort()).toEqual([...ORG_ROUTES].sort());
    expect(Object.keys(PROVIDER_ROUTE_ACTIONS).sort()).toEqual([...PROVIDER_ROUTES].sort());
    for (const action of [
      ...Object.values(ORG_ROUTE_ACTIONS),
      ...Object.values(PROVIDER_ROUTE_ACTIONS),
    ])
      expect(PERMISSIONS).toHaveProperty(action);
  });
});
