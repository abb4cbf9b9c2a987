/**
 * The lists of requests made to an L1 provider (special plans and purchase orders of its
 * organizations, each read twice: by the organization, its own, and by the provider; and L2
 * providers' applications, read by the provider). One filter for both: whose ($1), the statuses, the Riyadh days the request was made, and
 * text in its reference, the named columns or the organization's name (`org`).
 */
import { providerOf, type TenantContext } from '../access/tenancy.js';
import type { HandlerContext } from '../../http/contractRoutes.js';
import { organizationOf } from './transactions.js';

interface FilterFields {
  statuses?: readonly string[] | undefined;
  fromDate?: string | null | undefined;
  toDate?: string | null | undefined;
  search?: string | undefined;
}

export interface RequestList {
  /** The request's status as SQL. */
  status: string;
  /** When it was made. */
  madeAt: string;
  /** Its reference as people quote it, as SQL ("SP-000042"). */
  reference: string;
  /** Other text columns the search looks in. */
  searched: readonly string[];
}

/** Whose requests a list reads: the tenant organization's, or those made to its L1 provider. */
export type Reader = 'organization' | 'provider';

const OWNER: Record<Reader, { column: string; of: (tenant: TenantContext | null) => unknown }> = {
  organization: { column: 'r.org_slno', of: organizationOf },
  provider: { column: 'r.l1_sip_slno', of: providerOf },
};

export function requestFilter(list: RequestList, reader: Reader) {
  const day = `(${list.madeAt} AT TIME ZONE 'Asia/Riyadh')::date`;
  const text = [list.reference, ...list.searched, 'org.name_en']
    .map((column) => `${column} ILIKE '%' || $5 || '%'`)
    .join(' OR ');
  return (body: FilterFields, { tenant }: HandlerContext) => ({
    where: `${OWNER[reader].column} = $1
      AND ($2::text[] IS NULL OR ${list.status} = ANY($2::text[]))
      AND ($3::date IS NULL OR ${day} >= $3::date)
      AND ($4::date IS NULL OR ${day} <= $4::date)
      AND ($5::text = '' OR ${text} OR org.name_ar LIKE '%' || $5 || '%')`,
    values: [
      OWNER[reader].of(tenant),
      body.statuses?.length ? body.statuses : null,
      body.fromDate ?? null,
      body.toDate ?? null,
      (body.search ?? '').trim(),
    ],
  });
}
