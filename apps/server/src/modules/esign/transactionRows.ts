/** An eSign transaction as stored, and the reads of it the service and its pages share. */
import type { SignatureStamp, SigningOutcome } from '@tawqi/api';
import type { Queryable } from '../../db/pool.js';

export interface TransactionRow {
  esign_logs_id: number;
  transaction_id: string;
  app_slno: number;
  app_txn_id: string;
  user_slno: number;
  org_slno: number | null;
  status: 'pending' | 'success' | 'failed';
  request_fingerprint: string;
  response_data: SigningOutcome;
  sign_response_data: string | null;
  identity_trans_id: string | null;
  identity_random: string | null;
  approval_token: string | null;
  error_code: string | null;
  return_url: string;
  expires_at: Date;
  national_id: string;
  /** What the application asked its PDFs to be signed at (B-LT when it did not say). */
  pades_level: 'B-LT' | 'B-LTA' | null;
  /** The stamp its PDFs are signed with (null: the service's default). */
  stamp: SignatureStamp | null;
  /** Who pays when not the signer's plan or `org_slno`'s counters: an envelope's sender. */
  payer_user_slno: number | null;
  payer_org_slno: number | null;
}

export const TRANSACTION_COLUMNS = `t.esign_logs_id, t.transaction_id, t.app_slno, t.app_txn_id, t.user_slno, t.org_slno, t.status,
       t.request_fingerprint, t.response_data, t.sign_response_data, t.identity_trans_id, t.identity_random,
       t.approval_token, t.return_url, t.expires_at, t.error_code, t.pades_level, t.stamp, t.payer_user_slno,
       t.payer_org_slno, u.national_id`;
export const TRANSACTION_FROM = 'esign_transactions t JOIN users u ON u.user_slno = t.user_slno';

export async function transactionOfApplication(
  db: Queryable,
  appSlno: number,
  txnId: string,
  lock = false,
): Promise<TransactionRow | null> {
  const { rows } = await db.query<TransactionRow>(
    `SELECT ${TRANSACTION_COLUMNS} FROM ${TRANSACTION_FROM}
      WHERE t.app_slno = $1 AND t.app_txn_id = $2${lock ? ' FOR UPDATE OF t' : ''}`,
    [appSlno, txnId],
  );
  return rows[0] ?? null;
}

/** A transaction by its approval page's token, with its application's names. */
export async function transactionByApprovalToken(
  db: Queryable,
  token: string,
): Promise<(TransactionRow & { name_en: string; name_ar: string }) | null> {
  const { rows } = await db.query<TransactionRow & { name_en: string; name_ar: string }>(
    `SELECT ${TRANSACTION_COLUMNS}, a.name_en, a.name_ar
       FROM ${TRANSACTION_FROM} JOIN esign_applications a ON a.app_slno = t.app_slno
      WHERE t.approval_token = $1`,
    [token],
  );
  return rows[0] ?? null;
}

/** What the application is answered: the outcome, and the service's JWS over it once final. */
export function answerOf(row: Pick<TransactionRow, 'response_data' | 'sign_response_data'>) {
  return {
    ...row.response_data,
    ...(row.sign_response_data ? { signedResponse: row.sign_response_data } : {}),
  };
}

export interface SigningApplicationRow {
  client_id: string;
  org_slno: number | null;
  webhook_url: string | null;
  credential_kind: string;
}
