/**
 * The lists of requests made to an L1 provider (special plans and purchase orders of its
 * organizations, each read twice: by the organization, its own, and by the provider; and L2
 * providers' applications, read by the provider). One filter for both: whose, the statuses, the Riyadh days the request was made, and
 * text in its reference, the named columns or the organization's name (`org`).
 */
import { riyadhDays, searchText, whereOf } from '../../db/paging.js';
import { organizationOf, providerOf, type TenantContext } from '../access/tenancy.js';
import type { HandlerContext } from '../../http/contractRoutes.js';

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
  const text = [list.reference, ...list.searched, 'org.name_en']
    .map((column) => `${column} ILIKE '%' || $1 || '%'`)
    .join(' OR ');
  return (body: FilterFields, { tenant }: HandlerContext) => {
    const search = searchText(body.search);
    return whereOf(
      [`${OWNER[reader].column} = $1`, OWNER[reader].of(tenant)],
      body.statuses?.length && [`${list.status} = ANY($1::text[])`, body.statuses],
      ...riyadhDays(list.madeAt, body),
      search && [`${text} OR org.name_ar LIKE '%' || $1 || '%'`, search],
    );
  };
}
