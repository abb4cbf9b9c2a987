/**
 * An organization's eSign transactions (SPEC §2 `/app/org/esign/transactions`, §7 "Organization
 * eSign transactions"): the query of the declared grid (its list and export, modules/grids.ts)
 * and the row the enrolment admin's dashboard lists too. Every statement is the tenant's
 * organization's (`t.org_slno`), resolved before the handler runs.
 */
import type { orgEsignTransactionsGrid } from '@tawqi/api/grids';
import type { EsignTransactionStatus, Language } from '@tawqi/domain';
import { days, searchText, whereOf } from '../../db/paging.js';
import { organizationOf } from '../access/tenancy.js';
import type { GridQuery } from '../grids.js';
import { localWord } from '../words.js';
import { storedError } from '../esign/errors.js';

export interface OrgTransactionRow {
  esign_logs_id: number;
  transaction_id: string;
  plan_type: string;
  user_role: string;
  status: EsignTransactionStatus;
  transaction_date: Date;
  org_counter: number;
  sip_id: string;
  level: 'L1' | 'L2';
  error_code: string | null;
  response_ts: Date | null;
}

export const ORG_TRANSACTION_SELECT = `SELECT t.esign_logs_id, t.transaction_id, t.plan_type, t.user_role, t.status, t.transaction_date,
       t.org_counter, p.sip_id, p.level, t.error_code, t.response_ts
  FROM esign_transactions t
  JOIN organizations o ON o.org_slno = t.org_slno
  JOIN service_providers p ON p.sip_slno = o.sip_slno`;

export function orgTransactionOf(row: OrgTransactionRow, language: Language) {
  return {
    // The organization's running number of the transaction (migration 008).
    globalCounter: row.org_counter,
    requestedDate: row.transaction_date.toISOString(),
    sipTxnId: row.transaction_id,
    planType: localWord(row.plan_type, language),
    roleType: localWord(row.user_role, language),
    txnStatus: localWord(row.status, language),
    // The service's catalogue; the demo world's older failures carry no code.
    errorCode: row.error_code,
    errorMessage: storedError(row.error_code, language)?.message ?? null,
    responseTs:
      (
        row.response_ts ?? (row.status === 'pending' ? null : row.transaction_date)
      )?.toISOString() ?? null,
    status: row.status,
    esignLogsID: row.esign_logs_id,
    sipAccountId: row.sip_id,
    sipLevel: row.level,
  };
}

export const ORG_TRANSACTIONS: GridQuery<typeof orgEsignTransactionsGrid, OrgTransactionRow> = {
  select: ORG_TRANSACTION_SELECT,
  count: 'SELECT count(*) FROM esign_transactions t',
  where: (body, { tenant }) => {
    const search = searchText(body.search);
    return whereOf(
      ['t.org_slno = $1', organizationOf(tenant)],
      ...days('t.transaction_date', body),
      body.statuses?.length && ['t.status = ANY($1::text[])', body.statuses],
      search && [`t.transaction_id ILIKE '%' || $1 || '%'`, search],
      body.planType && ['t.plan_type = $1', body.planType],
    );
  },
  order: [
    { column: 't.transaction_date', type: 'timestamptz', of: (row) => row.transaction_date },
    { column: 't.esign_logs_id', type: 'int', of: (row) => row.esign_logs_id },
  ],
  // This call's pages are counted from zero (the contract's pageBase).
  row: orgTransactionOf,
};
