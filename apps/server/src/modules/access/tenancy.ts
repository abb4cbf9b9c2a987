/**
 * One tenant context per request. An organization or provider call names its tenant
 * in one declared field (api `TenantField`); the caller's membership there is read once into a
 * `TenantContext` that the handler receives, and every other record id the call names must
 * belong to that tenant. The rule for query ids is the domain's (`queryIdOf`, its comment).
 */
import type { RecordKind, TenantField } from '@tawqi/api';
import type { ServiceProviderLevel, WorkspaceRole } from '@tawqi/domain';
import type { Pool } from '../../db/pool.js';
import { paidOrderOwnedBy } from './paidOrders.js';
import type { TenantContext } from '../../http/contractRoutes.js';

export type { TenantContext };
import { activeMember, activeStaff } from './membership.js';

export interface TenantRow {
  org_slno: number | null;
  organization_type: number | null;
  query_id: number | null;
  sip_slno: number;
  level: ServiceProviderLevel;
  roles: WorkspaceRole[];
}

/**
 * The statement that finds the caller's tenants of a kind, given the SQL expressions of the
 * caller's user slno and of the field's value (placeholders, or columns of a batch's row).
 */
export function tenantQuery(kind: TenantField['kind'], user: string, value: string): string {
  const memberships = `
    FROM memberships m
    JOIN organizations o ON o.org_slno = m.org_slno
    JOIN service_providers p ON p.sip_slno = o.sip_slno`;
  const active = `m.user_slno = ${user} AND ${activeMember('m')}`;
  const organization = 'o.org_slno, o.organization_type, o.query_id, p.sip_slno, p.level, m.roles';
  switch (kind) {
    case 'organization':
      return `SELECT ${organization} ${memberships} WHERE ${active} AND o.org_slno = ${value}`;
    case 'organizationQueryId':
      // Up to two rows: more than one is refused by the caller of this module.
      return `SELECT ${organization} ${memberships}
       WHERE ${active} AND o.query_id = ${value} LIMIT 2`;
    // The provider's own staff: a member of one of its customer organizations is not.
    case 'provider':
      return `SELECT NULL::integer AS org_slno, NULL::integer AS organization_type,
           NULL::integer AS query_id, p.sip_slno, p.level, s.roles
      FROM provider_staff s JOIN service_providers p ON p.sip_slno = s.sip_slno
       WHERE s.user_slno = ${user} AND ${activeStaff('s')} AND s.sip_slno = ${value}`;
  }
}

export function contextOf(row: TenantRow): TenantContext {
  return {
    organization:
      row.org_slno === null
        ? null
        : {
            slno: row.org_slno,
            type: Number(row.organization_type),
            queryId: Number(row.query_id),
          },
    provider: { slno: row.sip_slno, level: row.level },
    roles: row.roles,
  };
}

/** The caller's tenants that the field's value names: none, one, or (for query ids) several. */
export async function tenantsNamed(
  pool: Pool,
  userSlno: number,
  kind: TenantField['kind'],
  value: number,
): Promise<TenantContext[]> {
  const result = await pool.query<TenantRow>(tenantQuery(kind, '$1', '$2'), [userSlno, value]);
  return result.rows.map(contextOf);
}

/**
 * How to tell that a record belongs to the tenant: a statement taking the tenant's organization
 * (or provider) slno and the record's id, or a comparison with no database work. A kind whose
 * table comes with a later issue is listed with the reason: until then no record of that kind
 * exists for anyone, so every id of it is "not found" — refused, never let through.
 */
type Ownership =
  | { by: 'organization' | 'provider'; sql: string }
  | { by: 'tenant'; owns: (tenant: TenantContext, id: number | string) => boolean }
  | { by: 'notYet'; why: string };

export const RECORD_OWNERSHIP: Record<RecordKind, Ownership> = {
  tenantQueryId: { by: 'tenant', owns: (tenant, id) => tenant.organization?.queryId === id },
  organizationUser: {
    by: 'organization',
    sql: 'SELECT 1 FROM memberships WHERE org_slno = $1 AND user_slno = $2',
  },
  esignTransaction: {
    by: 'organization',
    sql: 'SELECT 1 FROM esign_transactions WHERE org_slno = $1 AND esign_logs_id = $2',
  },
  l2Provider: {
    by: 'provider',
    sql: `SELECT 1 FROM service_providers WHERE parent_sip_slno = $1 AND sip_slno = $2 AND level = 'L2'`,
  },
  // Only the organization a request to this L1 names (an L2 provider's own; its allocations go to
  // that provider): not every customer of the L1's L2 providers.
  l2Organization: {
    by: 'provider',
    sql: 'SELECT 1 FROM l2_requests WHERE l1_sip_slno = $1 AND l2_org_slno = $2',
  },
  changeRequest: {
    by: 'organization',
    sql: `SELECT 1 FROM user_requests WHERE org_slno = $1 AND request_slno = $2 AND kind = 'change'`,
  },
  newUserRequest: {
    by: 'organization',
    sql: `SELECT 1 FROM user_requests WHERE org_slno = $1 AND request_slno = $2 AND kind = 'newUser'`,
  },
  organizationUnit: {
    by: 'organization',
    sql: 'SELECT 1 FROM organization_units WHERE org_slno = $1 AND org_unit_slno = $2',
  },
  purchase: {
    by: 'organization',
    sql: 'SELECT 1 FROM orders WHERE org_slno = $1 AND order_slno = $2',
  },
  specialPlanRequest: {
    by: 'organization',
    sql: 'SELECT 1 FROM special_plan_requests WHERE org_slno = $1 AND request_slno = $2',
  },
  providerSpecialPlanRequest: {
    by: 'provider',
    sql: 'SELECT 1 FROM special_plan_requests WHERE l1_sip_slno = $1 AND request_slno = $2',
  },
  purchaseOrder: {
    by: 'organization',
    sql: 'SELECT 1 FROM purchase_orders WHERE org_slno = $1 AND request_slno = $2',
  },
  providerPurchaseOrder: {
    by: 'provider',
    sql: 'SELECT 1 FROM purchase_orders WHERE l1_sip_slno = $1 AND request_slno = $2',
  },
  organizationInvoice: { by: 'organization', sql: paidOrderOwnedBy('organization') },
  providerInvoice: { by: 'provider', sql: paidOrderOwnedBy('provider') },
  l2Request: {
    by: 'provider',
    sql: 'SELECT 1 FROM l2_requests WHERE l1_sip_slno = $1 AND request_slno = $2',
  },
  document: {
    by: 'organization',
    sql: 'SELECT 1 FROM documents WHERE org_slno = $1 AND unique_file_id = $2',
  },
  certificateRequest: {
    by: 'organization',
    sql: 'SELECT 1 FROM certificate_requests WHERE org_slno = $1 AND reference = $2',
  },
  l2RequestDocument: {
    by: 'provider',
    sql: `SELECT 1 FROM documents d JOIN l2_requests r ON r.request_slno = d.l2_request_slno
           WHERE r.l1_sip_slno = $1 AND d.unique_file_id = $2`,
  },
};

/** Whether the record of this kind and id belongs to the tenant. */
export async function tenantOwns(
  pool: Pool,
  tenant: TenantContext,
  kind: RecordKind,
  id: number | string,
): Promise<boolean> {
  const ownership = RECORD_OWNERSHIP[kind];
  switch (ownership.by) {
    case 'tenant':
      return ownership.owns(tenant, id);
    case 'notYet':
      return false;
    case 'organization':
      if (!tenant.organization) return false;
      return (await pool.query(ownership.sql, [tenant.organization.slno, id])).rowCount === 1;
    case 'provider':
      return (await pool.query(ownership.sql, [tenant.provider.slno, id])).rowCount === 1;
  }
}

/** The organization slno of an organization call (the route has checked the caller acts in it). */
export function organizationOf(tenant: TenantContext | null): number {
  if (!tenant?.organization) throw new Error('an organization call without its organization');
  return tenant.organization.slno;
}

/** The provider slno of a provider call (the route has checked the caller acts in it). */
export function providerOf(tenant: TenantContext | null): number {
  if (!tenant) throw new Error('a provider call without its provider');
  return tenant.provider.slno;
}
