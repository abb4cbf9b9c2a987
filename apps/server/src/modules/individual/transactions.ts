/**
 * My eSign transactions (SPEC §2, §7 `esign/my/transactions`): the query of the declared grid
 * (its list and export, modules/grids.ts), and the row the dashboard and the status page share.
 * Every statement is the caller's own (`t.user_slno`).
 */
import type { myTransactionsGrid } from '@tawqi/api/grids';
import { ESIGN_TRANSACTION_STATUSES, type Language } from '@tawqi/domain';
import { requireCaller } from '../../http/contractRoutes.js';
import { days, searchText, whereOf } from '../../db/paging.js';
import type { Queryable } from '../../db/pool.js';
import type { GridQuery } from '../grids.js';
import { inLanguage, localWord } from '../words.js';

export interface TransactionRow {
  esign_logs_id: number;
  transaction_id: string;
  transaction_date: Date;
  plan_type: string;
  user_role: string;
  status: (typeof ESIGN_TRANSACTION_STATUSES)[number];
  originator: string;
  /** The integrating application's names, when one made the transaction. */
  app_en: string | null;
  app_ar: string | null;
  documents: number;
}

export function transactionOf(row: TransactionRow, language: Language) {
  return {
    transactionDate: row.transaction_date.toISOString(),
    numberOfDocuments: row.documents,
    transactionID: row.transaction_id,
    planType: localWord(row.plan_type, language),
    userRole: localWord(row.user_role, language),
    statusID: ESIGN_TRANSACTION_STATUSES.indexOf(row.status),
    status: row.status,
    statusLabel: localWord(row.status, language),
    // An application by its name in the caller's language (its English name showed on
    // Arabic pages); the portal and other originators by their TERMS word.
    originator:
      row.app_en === null
        ? localWord(row.originator, language)
        : inLanguage(row.app_en, row.app_ar ?? row.app_en, language),
    esignLogsID: row.esign_logs_id,
  };
}

// The documents are counted by the database as they come and go (migration 022).
export const TRANSACTION_SELECT = `SELECT t.esign_logs_id, t.transaction_id, t.transaction_date, t.plan_type, t.user_role, t.status, t.originator,
  t.document_count AS documents, a.name_en AS app_en, a.name_ar AS app_ar
  FROM esign_transactions t LEFT JOIN esign_applications a ON a.app_slno = t.app_slno`;

export const MY_TRANSACTIONS: GridQuery<typeof myTransactionsGrid, TransactionRow> = {
  select: TRANSACTION_SELECT,
  count: 'SELECT count(*) FROM esign_transactions t',
  where: (body, { caller }) => {
    const search = searchText(body.search);
    return whereOf(
      ['t.user_slno = $1', requireCaller(caller).userSlno],
      ...days('t.transaction_date', body),
      body.statuses?.length && ['t.status = ANY($1::text[])', body.statuses],
      search && [
        `t.transaction_id ILIKE '%' || $1 || '%' OR t.originator ILIKE '%' || $1 || '%'`,
        search,
      ],
    );
  },
  order: [
    { column: 't.transaction_date', type: 'timestamptz', of: (row) => row.transaction_date },
    { column: 't.esign_logs_id', type: 'int', of: (row) => row.esign_logs_id },
  ],
  page: (body) => ({ limit: body.limit, offset: body.page * body.limit }),
  row: transactionOf,
};

/** A person's transaction by its id, or null when it is not theirs (or does not exist). */
export async function myTransaction(
  db: Queryable,
  userSlno: number,
  transactionId: string,
): Promise<TransactionRow | null> {
  const { rows } = await db.query<TransactionRow>(
    `${TRANSACTION_SELECT} WHERE t.transaction_id = $1 AND t.user_slno = $2`,
    [transactionId, userSlno],
  );
  return rows[0] ?? null;
}

/** A person's latest transactions, newest first (the dashboard's). */
export async function recentTransactions(
  db: Queryable,
  userSlno: number,
  count: number,
): Promise<TransactionRow[]> {
  const { rows } = await db.query<TransactionRow>(
    `${TRANSACTION_SELECT} WHERE t.user_slno = $1 ORDER BY t.transaction_date DESC LIMIT $2`,
    [userSlno, count],
  );
  return rows;
}

/** The documents of one of a person's transactions, numbered from 1 (none when not theirs). */
export async function documentsOf(db: Queryable, userSlno: number, transactionId: string) {
  const { rows } = await db.query<{
    document_name: string;
    unique_file_id: string;
    signed: boolean;
  }>(
    `SELECT d.document_name, d.unique_file_id, (d.signature IS NOT NULL) AS signed
       FROM transaction_documents d JOIN esign_transactions t USING (esign_logs_id)
      WHERE t.transaction_id = $1 AND t.user_slno = $2 ORDER BY d.position NULLS LAST, d.document_slno`,
    [transactionId, userSlno],
  );
  return rows.map((row, index) => ({
    rowCount: index + 1,
    documentName: row.document_name,
    uniqueFileID: row.unique_file_id,
    signed: row.signed,
  }));
}
