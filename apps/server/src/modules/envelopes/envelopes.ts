/**
 * Envelopes: a PDF its sender sends to one to five Tawqi users to sign in
 * order. Sending checks the PDF once with every signer's stamp place (scanned, readable, each
 * place on a page) and that the payer has a counter for every signer; then the first signer is
 * asked. Each signer signs through the portal's own signing path (ownSigning.ts: one signing
 * path), the sender paying; their signature becomes the envelope's document (progress.ts), which
 * the next signer's extends. A signer who has not signed may decline with a reason, which ends it.
 *
 * Seen by its sender and its signers only: to anyone else an envelope is "not found".
 */
import { createHash, randomBytes } from 'node:crypto';
import type {
  ENVELOPE_SIGNER_STATUSES,
  ENVELOPE_STATUSES,
  Envelope,
  envelopeDraft,
} from '@tawqi/api';
import type { Language } from '@tawqi/domain';
import type { z } from 'zod';
import type { OutgoingMessage } from '../../adapters/notifier/outbox.js';
import type { Deps } from '../../deps.js';
import { inTransaction, type Queryable } from '../../db/pool.js';
import { AppError } from '../../http/errors.js';
import type { AuditContext } from '../audit/log.js';
import { signaturesLeft, type Payer } from '../counters/signatures.js';
import { settleExpiredLots } from '../counters/lots.js';
import { nationalIdOf, portalApplication, portalError, putToSigner } from '../esign/ownSigning.js';
import { EsignRefusal, checkPdfs } from '../esign/service.js';
import { hit } from '../throttle.js';
import { inLanguage } from '../words.js';
import { askSigner, envelopeDeclined, envelopePath } from './progress.js';

/** Envelopes one person may send in an hour (each names people: a bound on probing ids). */
const SENDS_PER_HOUR = 30;

const newEnvelopeId = () => `EN-${randomBytes(8).toString('hex').toUpperCase()}`;

type Draft = z.output<typeof envelopeDraft>;

const UNKNOWN_SIGNER = {
  en: 'No Tawqi user has this national id. Ask them to register first, or name them by e-mail: they are invited.',
  ar: 'لا يوجد مستخدم في توقيع بهذا الرقم. اطلب منه التسجيل أولًا، أو أضفه ببريده الإلكتروني لتصله دعوة.',
};
const SIGNER_TWICE = {
  en: 'This person is already a signer of this envelope.',
  ar: 'هذا الشخص موقّع في هذا المغلّف بالفعل.',
};

/** A signer as kept: a Tawqi user named by national id, or an e-mail address as the sender gave it. */
type NamedSigner = { userSlno: number; email: null } | { userSlno: null; email: string };

/**
 * The draft's signers in order; an unknown national id, or the same id or address twice, is a
 * field error. An address is kept as given, and answered alike whether anyone has it: it is looked
 * up at its signer's turn (`askSigner`), so sending tells nobody which addresses are registered.
 */
async function signersOf(db: Queryable, draft: Draft, language: Language): Promise<NamedSigner[]> {
  const found: NamedSigner[] = [];
  const seen = new Set<string>();
  const errors: { path: string; message: string }[] = [];
  for (const [index, signer] of draft.signers.entries()) {
    if ('email' in signer) {
      const email = signer.email.trim();
      if (seen.has(`email ${email.toLowerCase()}`))
        errors.push({ path: `signers.${String(index)}.email`, message: SIGNER_TWICE[language] });
      seen.add(`email ${email.toLowerCase()}`);
      found.push({ userSlno: null, email });
      continue;
    }
    const path = `signers.${String(index)}.nationalId`;
    const { rows } = await db.query<{ user_slno: number }>(
      'SELECT user_slno FROM users WHERE national_id = $1',
      [signer.nationalId],
    );
    const user = rows[0]?.user_slno;
    if (user === undefined) errors.push({ path, message: UNKNOWN_SIGNER[language] });
    else if (seen.has(`user ${String(user)}`))
      errors.push({ path, message: SIGNER_TWICE[language] });
    if (user !== undefined) seen.add(`user ${String(user)}`);
    found.push({ userSlno: user ?? 0, email: null });
  }
  if (errors.length > 0)
    throw new AppError(422, 'VALIDATION_FAILED', {
      fieldErrors: errors,
    });
  return found;
}

/**
 * Makes `userSlno` the signer of what was sent to their address before they were a Tawqi user
 * (or before they gave it), where they are not a signer of that envelope already.
 */
export async function claimInvitations(db: Queryable, userSlno: number): Promise<void> {
  await db.query(
    `UPDATE envelope_signers s SET user_slno = u.user_slno
       FROM users u
      WHERE u.user_slno = $1 AND s.user_slno IS NULL AND lower(s.invited_email) = lower(u.email)
        AND NOT EXISTS (SELECT 1 FROM envelope_signers o
                         WHERE o.envelope_slno = s.envelope_slno AND o.user_slno = u.user_slno)`,
    [userSlno],
  );
}

/** Sends a new envelope: checked whole, stored, its first signer asked. */
export async function sendEnvelope(
  deps: Deps,
  senderSlno: number,
  orgSlno: number | null,
  draft: Draft,
  context: AuditContext,
  language: Language,
): Promise<{ envelopeID: string }> {
  const now = deps.clock();
  const sent = await hit(
    deps.pool,
    `envelope-send:${String(senderSlno)}`,
    SENDS_PER_HOUR,
    3600,
    now,
  );
  if (!sent.allowed)
    throw new AppError(429, 'RATE_LIMITED', {
      headers: { 'retry-after': String(sent.retryAfterSeconds) },
    });
  const signers = await signersOf(deps.pool, draft, language);
  const content = Buffer.from(draft.document.content, 'base64');
  try {
    // One check for every signer's place: each must lie on a page of this PDF.
    await checkPdfs(
      deps,
      [
        {
          position: 1,
          name: draft.document.name,
          kind: 'pdf',
          sha256: createHash('sha256').update(content).digest(),
          content,
          stamp: { placement: draft.signers.map((signer) => signer.placement).join(';') },
        },
      ],
      null,
      context,
    );
    const payer: Payer = orgSlno === null ? { userSlno: senderSlno } : { orgSlno };
    if (orgSlno !== null) await settleExpiredLots(deps.pool, orgSlno, now);
    if ((await signaturesLeft(deps.pool, payer, now)) < signers.length)
      throw new EsignRefusal('countersExhausted');
  } catch (error) {
    if (error instanceof EsignRefusal)
      throw portalError(error.key, error.fields, language, 'document');
    throw error;
  }
  const envelopeId = newEnvelopeId();
  const messages = await inTransaction(deps.pool, async (tx) => {
    const { rows } = await tx.query<{ envelope_slno: number }>(
      `INSERT INTO envelopes (envelope_id, sender_slno, org_slno, title, document_name, content, status, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'inProgress', $7) RETURNING envelope_slno`,
      [envelopeId, senderSlno, orgSlno, draft.title, draft.document.name, content, now],
    );
    const envelopeSlno = rows[0]?.envelope_slno ?? 0;
    for (const [index, signer] of draft.signers.entries())
      await tx.query(
        `INSERT INTO envelope_signers (envelope_slno, position, user_slno, invited_email, placement, status)
         VALUES ($1, $2, $3, $4, $5, 'waiting')`,
        [
          envelopeSlno,
          index + 1,
          signers[index]?.userSlno,
          signers[index]?.email,
          signer.placement,
        ],
      );
    await deps.audit.record(tx, context, {
      action: 'envelope.sent',
      outcome: 'success',
      orgSlno,
      target: envelopeId,
      detail: { signers: signers.length },
    });
    const asked = await askSigner(
      tx,
      {
        envelope_slno: envelopeSlno,
        envelope_id: envelopeId,
        title: draft.title,
        sender_slno: senderSlno,
      },
      1,
      now,
      deps.config.publicOrigin,
    );
    return asked ?? [];
  });
  await send(deps, messages);
  return { envelopeID: envelopeId };
}

async function send(deps: Deps, messages: readonly OutgoingMessage[]) {
  for (const message of messages) await deps.notifier.send(message, deps.clock());
}

interface EnvelopeRow {
  envelope_slno: number;
  envelope_id: string;
  sender_slno: number;
  org_slno: number | null;
  title: string;
  document_name: string;
  status: (typeof ENVELOPE_STATUSES)[number];
  created_at: Date;
  ended_at: Date | null;
  sender_en: string;
  sender_ar: string;
}

interface SignerRow {
  envelope_slno: number;
  position: number;
  user_slno: number | null;
  invited_email: string | null;
  placement: string;
  status: (typeof ENVELOPE_SIGNER_STATUSES)[number];
  transaction_id: string | null;
  decline_reason: string | null;
  decided_at: Date | null;
  name_en: string | null;
  name_ar: string | null;
}

/** The envelopes `userSlno` sent or is a signer of (all of them, or the one named). */
async function envelopesOf(db: Queryable, userSlno: number, envelopeId?: string) {
  await claimInvitations(db, userSlno);
  const { rows: envelopes } = await db.query<EnvelopeRow>(
    `SELECT e.envelope_slno, e.envelope_id, e.sender_slno, e.org_slno, e.title, e.document_name, e.status,
            e.created_at, e.ended_at, u.full_name_en AS sender_en, u.full_name_ar AS sender_ar
       FROM envelopes e JOIN users u ON u.user_slno = e.sender_slno
      WHERE (e.sender_slno = $1 OR EXISTS (
              SELECT 1 FROM envelope_signers s WHERE s.envelope_slno = e.envelope_slno AND s.user_slno = $1))
        AND ($2::text IS NULL OR e.envelope_id = $2)
      ORDER BY e.created_at DESC, e.envelope_slno DESC LIMIT 200`,
    [userSlno, envelopeId ?? null],
  );
  const { rows: signers } = await db.query<SignerRow>(
    `SELECT s.envelope_slno, s.position, s.user_slno, s.invited_email, s.placement, s.status, s.transaction_id,
            s.decline_reason, s.decided_at, u.full_name_en AS name_en, u.full_name_ar AS name_ar
       FROM envelope_signers s LEFT JOIN users u USING (user_slno)
      WHERE s.envelope_slno = ANY($1::int[]) ORDER BY s.envelope_slno, s.position`,
    [envelopes.map((envelope) => envelope.envelope_slno)],
  );
  return envelopes.map((envelope) => ({
    envelope,
    signers: signers.filter((signer) => signer.envelope_slno === envelope.envelope_slno),
  }));
}

function shown(
  { envelope, signers }: { envelope: EnvelopeRow; signers: SignerRow[] },
  userSlno: number,
  language: Language,
): Envelope {
  return {
    envelopeID: envelope.envelope_id,
    title: envelope.title,
    documentName: envelope.document_name,
    status: envelope.status,
    createdDate: envelope.created_at.toISOString(),
    endedDate: envelope.ended_at?.toISOString() ?? null,
    senderName: inLanguage(envelope.sender_en, envelope.sender_ar, language),
    sentByMe: envelope.sender_slno === userSlno,
    myTurn: signers.some((signer) => signer.user_slno === userSlno && signer.status === 'asked'),
    signers: signers.map((signer) => ({
      position: signer.position,
      name: nameOf(signer, userSlno, language),
      isMe: signer.user_slno === userSlno,
      placement: signer.placement,
      status: signer.status,
      decidedDate: signer.decided_at?.toISOString() ?? null,
      declineReason: signer.decline_reason,
    })),
  };
}

/**
 * How a signer is named: one named by e-mail by that address, until they have signed or declined
 * (to everyone else; they see their own name), so no page tells whether an address is a user's.
 */
function nameOf(signer: SignerRow, userSlno: number, language: Language): string {
  const decided = signer.status === 'signed' || signer.status === 'declined';
  if (signer.invited_email !== null && !decided && signer.user_slno !== userSlno)
    return signer.invited_email;
  return (
    inLanguage(signer.name_en ?? '', signer.name_ar ?? '', language) || (signer.invited_email ?? '')
  );
}

export async function myEnvelopes(db: Queryable, userSlno: number, language: Language) {
  return {
    dataList: (await envelopesOf(db, userSlno)).map((one) => shown(one, userSlno, language)),
  };
}

async function oneEnvelope(db: Queryable, userSlno: number, envelopeId: string) {
  const [found] = await envelopesOf(db, userSlno, envelopeId);
  if (!found) throw new AppError(404, 'NOT_FOUND');
  return found;
}

export async function envelopeDetails(
  db: Queryable,
  userSlno: number,
  envelopeId: string,
  language: Language,
): Promise<Envelope> {
  return shown(await oneEnvelope(db, userSlno, envelopeId), userSlno, language);
}

/** The envelope's PDF as it stands, and its file name (with every signature so far). */
export async function envelopeDocument(db: Queryable, userSlno: number, envelopeId: string) {
  const { envelope } = await oneEnvelope(db, userSlno, envelopeId);
  const { rows } = await db.query<{ content: Buffer }>(
    'SELECT content FROM envelopes WHERE envelope_slno = $1',
    [envelope.envelope_slno],
  );
  const base = envelope.document_name.replace(/\.pdf$/i, '');
  const signed = envelope.status === 'completed' ? '-signed' : '';
  return { content: rows[0]?.content ?? Buffer.alloc(0), fileName: `${base}${signed}.pdf` };
}

const NOT_YOUR_TURN = {
  en: 'It is not your turn to sign this envelope, or it has ended.',
  ar: 'ليس دورك في توقيع هذا المغلّف، أو أنه انتهى.',
};

/**
 * The signer whose turn it is signs: the envelope's PDF with their stamp's place, put to them in
 * the identity app, the sender paying. Asked again while that approval waits, the same one.
 */
export async function signEnvelope(
  deps: Deps,
  userSlno: number,
  envelopeId: string,
  context: AuditContext,
  language: Language,
): Promise<{ transactionID: string; approvalPath: string }> {
  const { envelope, signers } = await oneEnvelope(deps.pool, userSlno, envelopeId);
  const me = signers.find((signer) => signer.user_slno === userSlno && signer.status === 'asked');
  if (envelope.status !== 'inProgress' || !me)
    throw new AppError(409, 'CONFLICT', { localized: NOT_YOUR_TURN });
  if (me.transaction_id !== null) {
    const { rows } = await deps.pool.query<{ status: string; approval_token: string | null }>(
      'SELECT status, approval_token FROM esign_transactions WHERE transaction_id = $1',
      [me.transaction_id],
    );
    const [waiting] = rows;
    if (waiting?.status === 'pending' && waiting.approval_token)
      return {
        transactionID: me.transaction_id,
        approvalPath: `/esign/approve?request=${waiting.approval_token}`,
      };
  }
  const { rows } = await deps.pool.query<{ content: Buffer }>(
    'SELECT content FROM envelopes WHERE envelope_slno = $1',
    [envelope.envelope_slno],
  );
  const asked = await putToSigner(
    deps,
    {
      application: await portalApplication(deps.pool, null, deps.config.publicOrigin),
      nationalId: await nationalIdOf(deps, userSlno),
      documents: [
        {
          kind: 'pdf',
          name: envelope.document_name,
          content: (rows[0]?.content ?? Buffer.alloc(0)).toString('base64'),
          stamp: { placement: me.placement },
        },
      ],
      returnPath: envelopePath(envelope.envelope_id),
      paidBy:
        envelope.org_slno === null
          ? { userSlno: envelope.sender_slno }
          : { orgSlno: envelope.org_slno },
      documentPath: 'document',
    },
    context,
    language,
  );
  // Only while still asked: a decline meanwhile leaves the transaction unlinked (and unpaid).
  await deps.pool.query(
    `UPDATE envelope_signers SET transaction_id = $3 WHERE envelope_slno = $1 AND position = $2 AND status = 'asked'`,
    [envelope.envelope_slno, me.position, asked.transactionID],
  );
  return asked;
}

/** A signer who has not signed declines, with a reason: the envelope ends, everyone is told. */
export async function declineEnvelope(
  deps: Deps,
  userSlno: number,
  envelopeId: string,
  reason: string,
  context: AuditContext,
  language: Language,
): Promise<Envelope> {
  const now = deps.clock();
  await claimInvitations(deps.pool, userSlno);
  const messages = await inTransaction(deps.pool, async (tx) => {
    const { rows } = await tx.query<{
      envelope_slno: number;
      title: string;
      sender_slno: number;
      status: string;
      org_slno: number | null;
    }>(
      `SELECT e.envelope_slno, e.title, e.sender_slno, e.status, e.org_slno FROM envelopes e
        WHERE e.envelope_id = $1
          AND EXISTS (SELECT 1 FROM envelope_signers s WHERE s.envelope_slno = e.envelope_slno AND s.user_slno = $2)
        FOR UPDATE`,
      [envelopeId, userSlno],
    );
    const [envelope] = rows;
    if (!envelope) throw new AppError(404, 'NOT_FOUND');
    const { rows: mine } = await tx.query<{ status: string }>(
      'SELECT status FROM envelope_signers WHERE envelope_slno = $1 AND user_slno = $2',
      [envelope.envelope_slno, userSlno],
    );
    if (envelope.status !== 'inProgress' || !['waiting', 'asked'].includes(mine[0]?.status ?? ''))
      throw new AppError(409, 'CONFLICT', { localized: NOT_YOUR_TURN });
    await deps.audit.record(tx, context, {
      action: 'envelope.declined',
      outcome: 'success',
      orgSlno: envelope.org_slno,
      target: envelopeId,
      detail: {},
    });
    return envelopeDeclined(
      tx,
      { ...envelope, envelope_id: envelopeId },
      userSlno,
      reason,
      now,
      deps.config.publicOrigin,
    );
  });
  await send(deps, messages);
  return envelopeDetails(deps.pool, userSlno, envelopeId, language);
}
