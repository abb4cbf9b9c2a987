/**
 * The eSign webhook: when a transaction ends, its application's webhook address is sent
 * the outcome — its ids, status, error and the service's JWS — signed with HMAC-SHA256 over
 * `${timestamp}.${body}` (the timestamp in its own header, so a receiver refuses an old one).
 * Every attempt of a delivery carries one delivery id (header and body), so a receiver
 * that answered too slowly takes the retry once. Each attempt is logged (esign_webhook_deliveries); a failure (no answer in 10 s, or not 2xx) is
 * retried with growing waits, seven attempts in all over about a day, then abandoned. Deliveries
 * are claimed with SKIP LOCKED, so two servers never send the same attempt.
 *
 * A delivery goes only to a public address (adapters/outbound/publicAddress.ts: checked as
 * written and again after resolution, the connection made to the address checked), follows no
 * redirect and reads nothing of the answer but its status.
 */
import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { WEBHOOK_HEADERS } from '@tawqi/api';
import type { Deps } from '../../deps.js';
import { inTransaction } from '../../db/pool.js';
import { hmac } from '../../keys.js';
import { guardedLookup, hostProblem, type Reach } from '../../adapters/outbound/publicAddress.js';
import { webhookSecret } from './applications.js';
import {
  advance,
  endWhereStandingLost,
  signUnsignedAnswers,
  waitingTransactions,
} from './service.js';
import { answerOf, type TransactionRow } from './transactionRows.js';

/** The wait before attempt n+1 after attempt n failed (seconds); none after the last. */
export const WEBHOOK_RETRY_SECONDS = [10, 60, 300, 1800, 7200, 43_200] as const;
const DELIVERY_TIMEOUT_MS = 10_000;
const BATCH = 10;

export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/**
 * A transaction's webhook delivery id: stable across its attempts, keyed by this environment's
 * secret (another database's transaction of the same number has another id), and telling
 * nothing of the service's numbering.
 */
export function webhookDeliveryId(
  keys: Pick<Deps['keys'], 'webhooks'>,
  esignLogsId: number,
): string {
  return `whd_${hmac(keys.webhooks, 'esign webhook delivery', String(esignLogsId)).slice(0, 32)}`;
}

interface DueDelivery {
  delivery_slno: number;
  esign_logs_id: number;
  attempt: number;
  webhook_url: string;
  client_id: string;
  response_data: TransactionRow['response_data'];
  sign_response_data: string | null;
}

/**
 * A POST to `url` of `body`, answered with the receiver's status: only to an address `reach`
 * allows, no redirect followed (a 3xx is a status like another), the answer's body never read.
 */
export function postTo(
  url: URL,
  headers: Record<string, string>,
  body: string,
  reach: Reach,
): Promise<number> {
  const problem = hostProblem(url, reach);
  if (problem) return Promise.reject(new Error(problem));
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup(reach),
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      },
      (response) => {
        resolve(response.statusCode ?? 0);
        response.destroy();
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

/** One attempt: the HTTP status the receiver answered, or why there was none. */
async function send(
  deps: Deps,
  delivery: DueDelivery,
  now: Date,
): Promise<{ status: number | null; error: string | null }> {
  // One id for every attempt: a receiver that answered too slowly still takes the retry once.
  const deliveryId = webhookDeliveryId(deps.keys, delivery.esign_logs_id);
  const body = JSON.stringify({ ...answerOf(delivery), deliveryId });
  const timestamp = String(Math.floor(now.getTime() / 1000));
  try {
    const status = await postTo(
      new URL(delivery.webhook_url),
      {
        'content-type': 'application/json',
        [WEBHOOK_HEADERS.timestamp]: timestamp,
        [WEBHOOK_HEADERS.delivery]: deliveryId,
        [WEBHOOK_HEADERS.signature]: webhookSignature(
          webhookSecret(deps, delivery.client_id),
          timestamp,
          body,
        ),
      },
      body,
      // This machine only in demo mode (the demo application's webhook).
      { loopback: deps.config.demo },
    );
    return { status, error: null };
  } catch (failure) {
    return { status: null, error: String(failure).slice(0, 500) };
  }
}

/** Sends the deliveries that are due; answers how many were attempted. */
export async function deliverDueWebhooks(deps: Deps): Promise<number> {
  return inTransaction(deps.pool, async (tx) => {
    const now = deps.clock();
    const { rows } = await tx.query<DueDelivery>(
      `SELECT d.delivery_slno, d.esign_logs_id, d.attempt, a.webhook_url, a.client_id, t.response_data, t.sign_response_data
         FROM esign_webhook_deliveries d
         JOIN esign_transactions t USING (esign_logs_id)
         JOIN esign_applications a ON a.app_slno = t.app_slno
        WHERE d.outcome = 'due' AND d.due_at <= $1 AND a.webhook_url IS NOT NULL
        ORDER BY d.due_at LIMIT ${String(BATCH)}
          FOR UPDATE OF d SKIP LOCKED`,
      [now],
    );
    // Sent at once: the claimed rows stay locked for one delivery's time (10 s at most), not ten.
    const attempts = await Promise.all(
      rows.map(async (delivery) => ({ delivery, ...(await send(deps, delivery, now)) })),
    );
    for (const { delivery, status, error } of attempts) {
      const delivered = status !== null && status >= 200 && status < 300;
      const wait = WEBHOOK_RETRY_SECONDS[delivery.attempt - 1];
      const outcome = delivered ? 'delivered' : wait === undefined ? 'abandoned' : 'failed';
      await tx.query(
        `UPDATE esign_webhook_deliveries SET attempted_at = $2, http_status = $3, error = $4, outcome = $5
          WHERE delivery_slno = $1`,
        [
          delivery.delivery_slno,
          now,
          status,
          error ?? (delivered ? null : `answered ${String(status)}`),
          outcome,
        ],
      );
      if (outcome === 'failed' && wait !== undefined)
        await tx.query(
          `INSERT INTO esign_webhook_deliveries (esign_logs_id, attempt, due_at) VALUES ($1, $2, $3)`,
          [delivery.esign_logs_id, delivery.attempt + 1, new Date(now.getTime() + wait * 1000)],
        );
    }
    return rows.length;
  });
}

/**
 * One round of the service's own work: waiting transactions of signers removed since they were
 * asked ended, the others asked about (so a signer who approved while nobody polled is signed
 * for, and one who never answered expires), due webhooks sent, then
 * some answers recorded without a signed response signed (the demo world's).
 */
export async function sweep(deps: Deps): Promise<void> {
  await endWhereStandingLost(deps);
  for (const row of await waitingTransactions(deps.pool)) await advance(deps, row);
  await deliverDueWebhooks(deps);
  await signUnsignedAnswers(deps);
}
