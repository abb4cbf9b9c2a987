/**
 * An envelope moving on: a signer's signature becomes the envelope's document and the
 * next signer is asked; after the last, everyone is told it is finished; a decline ends it and
 * everyone is told why. What people are told in the app is written in the transaction of the
 * change (notices.ts); the e-mails and SMS are answered to be sent once it has committed.
 */
import type { OutgoingMessage } from '../../adapters/notifier/outbox.js';
import type { Queryable } from '../../db/pool.js';
import { memberStanding } from '../access/membership.js';
import { notifyPerson, type Notice } from '../notices.js';

/** The portal's page of one envelope (its route: @tawqi/domain's MY_ROUTES). */
export const envelopePath = (envelopeId: string) => `/app/my/envelope?id=${envelopeId}`;

interface Envelope {
  envelope_slno: number;
  envelope_id: string;
  title: string;
  sender_slno: number;
}

/** One person's notice, and their e-mail (else SMS) of it: in both languages, Arabic first. */
async function tell(
  tx: Queryable,
  userSlno: number,
  notice: Notice,
  now: Date,
): Promise<OutgoingMessage[]> {
  await notifyPerson(tx, userSlno, notice, now);
  const { rows } = await tx.query<{ email: string | null; mobile: string | null }>(
    'SELECT email, mobile FROM users WHERE user_slno = $1',
    [userSlno],
  );
  const [person] = rows;
  const body = `${notice.body.ar}\n\n${notice.body.en}`;
  if (person?.email)
    return [{ channel: 'email', recipient: person.email, subject: notice.title.ar, body }];
  if (person?.mobile)
    return [{ channel: 'sms', recipient: person.mobile, subject: notice.title.ar, body }];
  return [];
}

const namesOf = async (tx: Queryable, userSlno: number) =>
  (
    await tx.query<{ full_name_en: string; full_name_ar: string }>(
      'SELECT full_name_en, full_name_ar FROM users WHERE user_slno = $1',
      [userSlno],
    )
  ).rows[0] ?? { full_name_en: '', full_name_ar: '' };

/**
 * The signer at `position` is asked now: told in the app and by e-mail or SMS (the messages).
 * Null when the envelope has no signer there (the last has signed).
 */
export async function askSigner(
  tx: Queryable,
  envelope: Envelope,
  position: number,
  now: Date,
  origin: string,
): Promise<OutgoingMessage[] | null> {
  // A signer named by e-mail is the user who has that address now, unless they sign this
  // envelope already (in another place); else nobody yet.
  const { rows } = await tx.query<{ user_slno: number | null; invited_email: string | null }>(
    `UPDATE envelope_signers s SET status = 'asked', user_slno = coalesce(s.user_slno, (
        SELECT u.user_slno FROM users u
         WHERE lower(u.email) = lower(s.invited_email)
           AND NOT EXISTS (SELECT 1 FROM envelope_signers o
                            WHERE o.envelope_slno = s.envelope_slno AND o.user_slno = u.user_slno)
         ORDER BY u.user_slno LIMIT 1))
      WHERE s.envelope_slno = $1 AND s.position = $2
     RETURNING s.user_slno, s.invited_email`,
    [envelope.envelope_slno, position],
  );
  const [signer] = rows;
  if (!signer) return null;
  const sender = await namesOf(tx, envelope.sender_slno);
  const link = `${origin}${envelopePath(envelope.envelope_id)}`;
  if (signer.user_slno === null)
    return [invitation(signer.invited_email ?? '', sender, envelope.title, link)];
  return tell(
    tx,
    signer.user_slno,
    {
      title: { en: 'A document awaits your signature', ar: 'مستند بانتظار توقيعك' },
      body: {
        en: `${sender.full_name_en} sent “${envelope.title}” for you to sign. Open it in Tawqi: ${link}`,
        ar: `أرسل ${sender.full_name_ar} «${envelope.title}» لتوقّعه. افتحه في توقيع: ${link}`,
      },
    },
    now,
  );
}

/**
 * The e-mail asking someone who is not a Tawqi user (yet) to sign: register with this address,
 * and the envelope is theirs to sign.
 */
function invitation(
  address: string,
  sender: { full_name_en: string; full_name_ar: string },
  title: string,
  link: string,
): OutgoingMessage {
  return {
    channel: 'email',
    recipient: address,
    subject: 'دعوة لتوقيع مستند في توقيع',
    body: [
      `طلب منك ${sender.full_name_ar} توقيع «${title}» في توقيع. سجّل في توقيع بهوية نفاذ واستخدم عنوان البريد الإلكتروني هذا، ثم افتح: ${link}`,
      `${sender.full_name_en} asked you to sign “${title}” in Tawqi. Register in Tawqi with Nafath and this e-mail address, then open: ${link}`,
    ].join('\n\n'),
  };
}

/** Everyone the envelope names who is a Tawqi user: its sender and each signer, once each. */
async function everyone(tx: Queryable, envelope: Envelope): Promise<number[]> {
  const { rows } = await tx.query<{ user_slno: number }>(
    'SELECT user_slno FROM envelope_signers WHERE envelope_slno = $1 AND user_slno IS NOT NULL',
    [envelope.envelope_slno],
  );
  return [...new Set([envelope.sender_slno, ...rows.map((row) => row.user_slno)])];
}

/**
 * A signing transaction has signed: when it is an envelope signer's, the signed PDF becomes the
 * envelope's document and the next signer is asked (or, after the last, everyone is told). In the
 * signing's own database transaction, so the envelope never misses a signature it paid for.
 */
export async function envelopeSigned(
  tx: Queryable,
  transactionId: string,
  now: Date,
  origin: string,
): Promise<OutgoingMessage[]> {
  const { rows } = await tx.query<Envelope & { position: number }>(
    `SELECT e.envelope_slno, e.envelope_id, e.title, e.sender_slno, s.position
       FROM envelope_signers s JOIN envelopes e USING (envelope_slno)
      WHERE s.transaction_id = $1 AND s.status = 'asked' AND e.status = 'inProgress'
        FOR UPDATE OF e, s`,
    [transactionId],
  );
  const [envelope] = rows;
  if (!envelope) return [];
  const { rows: documents } = await tx.query<{ signed_content: Buffer | null }>(
    `SELECT d.signed_content FROM transaction_documents d JOIN esign_transactions t USING (esign_logs_id)
      WHERE t.transaction_id = $1`,
    [transactionId],
  );
  const signed = documents[0]?.signed_content;
  if (!signed) throw new Error(`${transactionId} signed no PDF for ${envelope.envelope_id}`);
  await tx.query('UPDATE envelopes SET content = $2 WHERE envelope_slno = $1', [
    envelope.envelope_slno,
    signed,
  ]);
  await tx.query(
    `UPDATE envelope_signers SET status = 'signed', decided_at = $3 WHERE envelope_slno = $1 AND position = $2`,
    [envelope.envelope_slno, envelope.position, now],
  );
  const next = await askSigner(tx, envelope, envelope.position + 1, now, origin);
  if (next) return next;
  await tx.query(
    `UPDATE envelopes SET status = 'completed', ended_at = $2 WHERE envelope_slno = $1`,
    [envelope.envelope_slno, now],
  );
  const link = `${origin}${envelopePath(envelope.envelope_id)}`;
  const messages: OutgoingMessage[] = [];
  for (const person of await everyone(tx, envelope))
    messages.push(
      ...(await tell(
        tx,
        person,
        {
          title: { en: 'Every signer has signed', ar: 'وقّع جميع الموقّعين' },
          body: {
            en: `“${envelope.title}” is signed by everyone. Download the signed PDF: ${link}`,
            ar: `وقّع الجميع «${envelope.title}». نزّل ملف PDF الموقّع: ${link}`,
          },
        },
        now,
      )),
    );
  return messages;
}

/** A signer declined: the envelope ends, and everyone else is told who and why. */
export async function envelopeDeclined(
  tx: Queryable,
  envelope: Envelope,
  decliner: number,
  reason: string,
  now: Date,
  origin: string,
): Promise<OutgoingMessage[]> {
  await tx.query(
    `UPDATE envelope_signers SET status = 'declined', decline_reason = $3, decided_at = $4
      WHERE envelope_slno = $1 AND user_slno = $2`,
    [envelope.envelope_slno, decliner, reason, now],
  );
  await tx.query(
    `UPDATE envelopes SET status = 'declined', ended_at = $2 WHERE envelope_slno = $1`,
    [envelope.envelope_slno, now],
  );
  const who = await namesOf(tx, decliner);
  const link = `${origin}${envelopePath(envelope.envelope_id)}`;
  const messages: OutgoingMessage[] = [];
  for (const person of await everyone(tx, envelope))
    if (person !== decliner)
      messages.push(
        ...(await tell(
          tx,
          person,
          {
            title: { en: 'A signer declined to sign', ar: 'رفض أحد الموقّعين التوقيع' },
            body: {
              en: `${who.full_name_en} declined to sign “${envelope.title}”: ${reason}. ${link}`,
              ar: `رفض ${who.full_name_ar} توقيع «${envelope.title}»: ${reason}. ${link}`,
            },
          },
          now,
        )),
      );
  return messages;
}

/**
 * Whether the envelope a transaction signs for (if any) still wants this signature, read with its
 * rows locked inside the signing's transaction — the decline's lock, so a decline and a signature
 * are one choice, whichever commits first: `ended` when the envelope ended or this signer no
 * longer stands asked (declined), `senderRemoved` when it is paid from an organization's counters
 * by a sender who may no longer sign for it; `signs` otherwise, and for a transaction of no envelope.
 */
export async function envelopeStillAsks(
  tx: Queryable,
  transactionId: string,
): Promise<'signs' | 'ended' | 'senderRemoved'> {
  const { rows } = await tx.query<{
    sender_slno: number;
    org_slno: number | null;
    status: string;
    signer_status: string;
  }>(
    `SELECT e.sender_slno, e.org_slno, e.status, s.status AS signer_status
       FROM envelope_signers s JOIN envelopes e ON e.envelope_slno = s.envelope_slno
      WHERE s.transaction_id = $1
        FOR UPDATE OF e, s`,
    [transactionId],
  );
  const [envelope] = rows;
  if (!envelope) return 'signs';
  if (envelope.status !== 'inProgress' || envelope.signer_status !== 'asked') return 'ended';
  if (
    envelope.org_slno !== null &&
    !(await memberStanding(tx, envelope.org_slno, envelope.sender_slno, 'sign'))
  )
    return 'senderRemoved';
  return 'signs';
}
