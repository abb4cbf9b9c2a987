/**
 * Invited users (SPEC §2 `/verify-orgUser`, `/verify-orgUser-details`): an Enrolment
 * Admin adds a person who is not at hand by inviting them.
 *
 * 1. The admin names the person (national id, e-mail, mobile, role, unit, employee id): the same
 *    checks as adding them in person (not a member, not already asked for); the request is
 *    Initiated — the spec's code for one not yet submitted — and the person gets an e-mail with
 *    a signed link, good for INVITATION_DAYS and once.
 * 2. The person opens it and approves in the identity app with the national id invited (another
 *    id is refused without saying whose is invited); the approval is kept for the browser that
 *    verified.
 * 3. In that browser they review their names as the identity app gave them and what the
 *    organization asked for, confirm their e-mail and mobile, and accept the subscriber
 *    agreement (its version and language recorded): the request is theirs and Pending, for
 *    another Enrolment Admin to decide (approvals.ts), who is told.
 */
import {
  COUNTED_ROLES,
  SUBSCRIBER_AGREEMENT_VERSION,
  localSaudiMobile,
  maskNationalId,
  type Language,
} from '@tawqi/domain';
import type { NafathPerson } from '../../adapters/nafath/client.js';
import type { Deps } from '../../deps.js';
import { recordAcceptance, requireCurrentAgreement } from '../agreements.js';
import { inTransaction, type Queryable } from '../../db/pool.js';
import { requireCaller, type HandlerContext, type Handlers } from '../../http/contractRoutes.js';
import { AppError } from '../../http/errors.js';
import { initiate, recordVerifiedPerson, verify } from '../auth/identityApp.js';
import { newSignedLink, nonceOfSignedLink } from '../signedLinks.js';
import { inLanguage, localWord } from '../words.js';
import { askMembership, whyNotAddable } from './newUsers.js';
import { isActiveUnit } from './units.js';
import { notifyOtherAdmins } from '../notices.js';
import { organizationOf } from '../access/tenancy.js';

/** How long an invitation's link is good for. */
export const INVITATION_DAYS = 7;

const MESSAGES = {
  inactiveUnit: { en: 'Choose an active organization unit.', ar: 'اختر وحدة تنظيمية نشطة.' },
  otherPerson: {
    en: 'This invitation is for another national ID. Enter the ID the invitation was sent for.',
    ar: 'هذه الدعوة لرقم هوية آخر. أدخل رقم الهوية الذي أُرسلت الدعوة له.',
  },
  notValid: {
    en: 'This invitation can no longer be used. Ask your organization’s admin for a new one.',
    ar: 'لم يعد بالإمكان استخدام هذه الدعوة. اطلب دعوة جديدة من مسؤول منشأتك.',
  },
  notVerified: {
    en: 'Verify with the identity app in this browser first.',
    ar: 'تحقّق عبر تطبيق نفاذ الوطني في هذا المتصفح أولًا.',
  },
} as const satisfies Record<string, Record<Language, string>>;

interface InvitationRow {
  nonce: string;
  request_slno: number;
  national_id: string;
  expires_at: Date;
  used_at: Date | null;
  verified_at: Date | null;
  device_id: string | null;
  person: NafathPerson | null;
  status: string;
  org_slno: number;
  details: {
    role: string;
    email: string;
    mobile: string;
    employeeId: string;
    orgUnitSlno: number;
    invitedBy: number;
  };
  org_en: string;
  org_ar: string;
  unit_en: string | null;
  unit_ar: string | null;
}

const AWAITING = {
  title: { en: 'A new user awaits approval', ar: 'مستخدم جديد بانتظار الموافقة' },
  body: (name: Record<Language, string>) => ({
    en: `${name.en} accepted an invitation to the organization and awaits an Enrolment Admin’s approval.`,
    ar: `قبل ${name.ar} دعوة الانضمام إلى المنشأة وينتظر موافقة مسؤول التسجيل.`,
  }),
};

/** The invitation a token names, when the server signed it (null otherwise). */
async function invitationOf(deps: Deps, db: Queryable, token: string, lock = false) {
  const nonce = nonceOfSignedLink(deps.keys.emailLinks, 'invitation', token);
  if (!nonce) return null;
  const [row] = (
    await db.query<InvitationRow>(
      `SELECT i.nonce, i.request_slno, i.national_id, i.expires_at, i.used_at, i.verified_at, i.device_id,
              i.person, r.status, r.org_slno, r.details, o.name_en AS org_en, o.name_ar AS org_ar,
              u.name_en AS unit_en, u.name_ar AS unit_ar
         FROM invitations i JOIN user_requests r ON r.request_slno = i.request_slno
         JOIN organizations o ON o.org_slno = r.org_slno
         LEFT JOIN organization_units u ON u.org_unit_slno = (r.details->>'orgUnitSlno')::int
        WHERE i.nonce = $1${lock ? ' FOR UPDATE OF i, r' : ''}`,
      [nonce],
    )
  ).rows;
  return row ?? null;
}

function outcomeOf(row: InvitationRow | null, now: Date) {
  if (!row) return 'invalid' as const;
  if (row.used_at) return 'used' as const;
  if (row.status !== 'Initiated') return 'cancelled' as const;
  if (now >= row.expires_at) return 'expired' as const;
  return 'valid' as const;
}

/** A valid invitation, or a refusal in the caller's language. */
async function usable(deps: Deps, db: Queryable, token: string, lock = false) {
  const row = await invitationOf(deps, db, token, lock);
  if (!row || outcomeOf(row, deps.clock()) !== 'valid')
    throw new AppError(409, 'CONFLICT', { localized: MESSAGES.notValid });
  return row;
}

/** The person this browser verified for the invitation, or a refusal. */
function verifiedHere(row: InvitationRow, context: HandlerContext): NafathPerson {
  if (!row.person || row.device_id !== context.deviceId)
    throw new AppError(403, 'FORBIDDEN', { localized: MESSAGES.notVerified });
  return row.person;
}

export function invitationHandlers(deps: Deps): Handlers {
  return {
    ...invitingHandlers(deps),
    ...invitationReadingHandlers(deps),
    ...invitationAcceptingHandlers(deps),
  };
}

/** An admin's invitation: the request made and the link sent. */
function invitingHandlers(deps: Deps): Handlers {
  const { pool } = deps;
  return {
    inviteOrgUser: async (context) => {
      const { body } = context.input;
      const org = organizationOf(context.tenant);
      const admin = requireCaller(context.caller).userSlno;
      const now = deps.clock();
      const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 86_400_000);
      const link = newSignedLink(deps.keys.emailLinks, 'invitation', expiresAt);
      const made = await inTransaction(pool, async (tx) => {
        if (!(await isActiveUnit(tx, org, body.orgUnitSlNo)))
          return { status: '0', errorMessage: MESSAGES.inactiveUnit[context.language], id: null };
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
          `new-user:${String(org)}:${body.nationalID}`,
        ]);
        const why = await whyNotAddable(tx, org, body.nationalID);
        if (why) return { status: '0', errorMessage: why[context.language], id: null };
        const [request] = (
          await tx.query<{ request_slno: number }>(
            `INSERT INTO user_requests (org_slno, kind, status, details, created_at, created_by)
             VALUES ($1, 'newUser', 'Initiated', $2, $3, $4) RETURNING request_slno`,
            [
              org,
              {
                invited: true,
                nationalId: body.nationalID,
                role: body.userType,
                orgUnitSlno: body.orgUnitSlNo,
                employeeId: body.employeeId,
                email: body.email,
                mobile: localSaudiMobile(body.mobileNo) ?? body.mobileNo,
                invitedBy: admin,
              },
              now,
              admin,
            ],
          )
        ).rows as [{ request_slno: number }];
        await tx.query(
          `INSERT INTO invitations (nonce, request_slno, national_id, created_at, expires_at)
           VALUES ($1, $2, $3, $4, $5)`,
          [link.nonce, request.request_slno, body.nationalID, now, expiresAt],
        );
        await deps.audit.record(tx, context.audit, {
          action: 'approval.requested',
          outcome: 'success',
          target: maskNationalId(body.nationalID),
          detail: { kind: 'invitation', request: request.request_slno, role: body.userType },
        });
        const [organization] = (
          await tx.query<{ name_en: string; name_ar: string }>(
            'SELECT name_en, name_ar FROM organizations WHERE org_slno = $1',
            [org],
          )
        ).rows as [{ name_en: string; name_ar: string }];
        return { status: '1', errorMessage: null, id: request.request_slno, organization };
      });
      if (made.status !== '1' || !('organization' in made)) return made;
      // Sent once the request is stored.
      const url = `${deps.config.publicOrigin}/verify-orgUser?invitation=${link.token}`;
      await deps.notifier.send(
        {
          channel: 'email',
          recipient: body.email,
          subject: `دعوة للانضمام إلى ${made.organization.name_ar} في توقيع / Invitation to ${made.organization.name_en} on Tawqi`,
          body:
            `دعتك ${made.organization.name_ar} للانضمام إليها في توقيع. لتأكيد هويتك واستكمال بياناتك افتح الرابط التالي خلال ${new Intl.NumberFormat('ar-SA').format(INVITATION_DAYS)} أيام:\n${url}\n\n` +
            `${made.organization.name_en} invited you to join it on Tawqi. To verify yourself and complete your details, open this link within ${String(INVITATION_DAYS)} days:\n${url}`,
        },
        now,
      );
      return { status: '1', errorMessage: null, id: made.id };
    },
  };
}

/** What an invitation's link opens: its state, then (once verified here) its details. */
function invitationReadingHandlers(deps: Deps): Handlers {
  const { pool } = deps;
  return {
    openInvitation: async ({ input, language }) => {
      const row = await invitationOf(deps, pool, input.body.token);
      const outcome = outcomeOf(row, deps.clock());
      if (!row || outcome === 'invalid')
        return { outcome, organizationName: null, role: null, nationalID: null, verified: false };
      return {
        outcome,
        organizationName: inLanguage(row.org_en, row.org_ar, language),
        role: localWord(row.details.role, language),
        nationalID: maskNationalId(row.national_id),
        verified: row.verified_at !== null,
      };
    },

    invitationDetails: async (context) => {
      const row = await usable(deps, pool, context.input.body.token);
      const person = verifiedHere(row, context);
      const { language } = context;
      return {
        fullNameEnglish: person.fullNameEnglish,
        fullNameArabic: person.fullNameArabic,
        nationalID: maskNationalId(row.national_id),
        organizationName: inLanguage(row.org_en, row.org_ar, language),
        role: localWord(row.details.role, language),
        unit: row.unit_en === null ? '' : inLanguage(row.unit_en, row.unit_ar ?? '', language),
        email: row.details.email,
        mobileNo: row.details.mobile,
        agreementVersion: SUBSCRIBER_AGREEMENT_VERSION,
      };
    },
  };
}

/** The invited person verified in the identity app, then their acceptance. */
function invitationAcceptingHandlers(deps: Deps): Handlers {
  const { pool } = deps;
  return {
    invitationNafathVerify: async (context) => {
      const { token, nationalID, transId } = context.input.body;
      const row = await usable(deps, pool, token);
      if (nationalID !== row.national_id)
        return {
          status: '0',
          errorMessage: MESSAGES.otherPerson[context.language],
          transId: null,
          random: null,
        };
      if (!transId) {
        const started = await initiate(deps, context, 'invitee', nationalID);
        return { ...started, transId: started.transId, random: started.random };
      }
      const answer = await verify(
        deps,
        context,
        'invitee',
        { nationalId: nationalID, transId },
        async (person) => {
          await pool.query(
            `UPDATE invitations SET person = $2, device_id = $3, verified_at = $4 WHERE nonce = $1`,
            [row.nonce, person, context.deviceId, deps.clock()],
          );
          return {};
        },
      );
      return { status: answer.status, errorMessage: answer.errorMessage, transId, random: null };
    },

    completeInvitation: async (context) => {
      const { body } = context.input;
      requireCurrentAgreement(body.agreementVersion);
      const now = deps.clock();
      await inTransaction(pool, async (tx) => {
        const row = await usable(deps, tx, body.token, true);
        const person = verifiedHere(row, context);
        const role =
          COUNTED_ROLES.find((known) => known === row.details.role) ?? 'organizationUser';
        const mobile = localSaudiMobile(body.mobileNo) ?? body.mobileNo;
        const user = await recordVerifiedPerson(tx, person, now);
        await askMembership(tx, {
          userSlno: user.userSlno,
          orgSlno: row.org_slno,
          role,
          employeeId: row.details.employeeId,
          email: body.email,
          mobile,
          unitSlno: row.details.orgUnitSlno,
          at: now,
        });
        await tx.query(
          `UPDATE user_requests SET user_slno = $2, status = 'Pending',
                  details = details || jsonb_build_object('email', $3::text, 'mobile', $4::text)
            WHERE request_slno = $1`,
          [row.request_slno, user.userSlno, body.email, mobile],
        );
        await tx.query('UPDATE invitations SET used_at = $2 WHERE nonce = $1', [row.nonce, now]);
        await recordAcceptance(tx, context, { userSlno: user.userSlno }, now);
        await notifyOtherAdmins(
          tx,
          row.org_slno,
          user.userSlno,
          {
            title: AWAITING.title,
            body: AWAITING.body({ en: person.fullNameEnglish, ar: person.fullNameArabic }),
          },
          now,
        );
        await deps.audit.record(tx, context.audit, {
          action: 'approval.requested',
          outcome: 'success',
          actor: user.userSlno,
          target: String(user.userSlno),
          detail: { kind: 'newUser', request: row.request_slno, role, invited: true },
        });
      });
      return { status: '1', errorMessage: null };
    },
  };
}
