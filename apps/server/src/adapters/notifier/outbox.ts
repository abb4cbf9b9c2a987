/**
 * The notifier adapter sends one-time codes and notices. The default writes to an outbox table,
 * which the development page (/dev/outbox) and tests read; a real SMS or e-mail provider would
 * implement the same interface.
 */
import type { Pool } from '../../db/pool.js';

export interface OutgoingMessage {
  channel: 'sms' | 'email';
  recipient: string;
  subject: string;
  body: string;
}

export interface Notifier {
  send(message: OutgoingMessage, now: Date): Promise<void>;
}

export function createOutboxNotifier(pool: Pool): Notifier {
  return {
    async send(message, now) {
      await pool.query(
        'INSERT INTO outbox (channel, recipient, subject, body, created_at) VALUES ($1, $2, $3, $4, $5)',
        [message.channel, message.recipient, message.subject, message.body, now],
      );
    },
  };
}

export async function readOutbox(
  pool: Pool,
  recipient?: string,
): Promise<(OutgoingMessage & { createdAt: Date })[]> {
  const rows = await pool.query<{
    channel: 'sms' | 'email';
    recipient: string;
    subject: string;
    body: string;
    created_at: Date;
  }>(
    `SELECT channel, recipient, subject, body, created_at FROM outbox WHERE ($1::text IS NULL OR recipient = $1) ORDER BY outbox_slno DESC LIMIT 50`,
    [recipient ?? null],
  );
  return rows.rows.map((row) => ({
    channel: row.channel,
    recipient: row.recipient,
    subject: row.subject,
    body: row.body,
    createdAt: row.created_at,
  }));
}
