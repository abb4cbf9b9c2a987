/**
 * Signing in, enrolling and renewing one's identity verification through the national identity
 * app. Its challenges expire after 180 s, are bound to the browser that started them (its device
 * id), and are limited per national id (no push bombing); initiation answers the same for
 * registered and unregistered ids, and whether an account exists is said only after the person
 * has proved who they are in the app (identityApp.ts).
 */
import { randomUUID } from 'node:crypto';
import { formatCount, maskNationalId } from '@tawqi/domain';
import type { Deps } from '../../deps.js';
import { inTransaction, type Queryable } from '../../db/pool.js';
import { requireCaller, type Handlers } from '../../http/contractRoutes.js';
import { notifyPerson } from '../notices.js';
import { confirmIdentity } from '../sessions/sessions.js';
import { initiate, recordVerifiedPerson, verify } from './identityApp.js';
import { clearAfterIdentityApp, nationalIdOf, signIn, userByNationalId } from './signIn.js';

/**
 * The welcome pack the public site promises: each newly enrolled individual receives the active
 * welcome-pack plan once (a second enrolment of the same person finds it there already), with a
 * notification saying what it holds.
 */
async function giveWelcomePack(deps: Deps, db: Queryable, userSlno: number): Promise<void> {
  const now = deps.clock();
  await inTransaction(db, async (client) => {
    const given = await client.query<{ transactions: number }>(
      `INSERT INTO purchased_plans (plan_unique_id, user_slno, product_pricing_details_slno, transactions, valid_from, valid_to, created_at)
       SELECT $2, $1, e.product_pricing_details_slno, e.transaction_limit, $3::date,
              ($3::date + make_interval(months => e.validity_months))::date, $3
         FROM esign_plans e
        WHERE e.is_welcome_pack AND e.is_active
          AND NOT EXISTS (SELECT 1 FROM purchased_plans p JOIN esign_plans w USING (product_pricing_details_slno)
                           WHERE p.user_slno = $1 AND w.is_welcome_pack)
        ORDER BY e.product_pricing_details_slno LIMIT 1
       RETURNING transactions`,
      [userSlno, `PLN-WELCOME-${randomUUID()}`, now],
    );
    const pack = given.rows[0];
    if (!pack) return;
    await notifyPerson(
      client,
      userSlno,
      {
        title: { en: 'Welcome to Tawqi', ar: 'مرحبًا بك في منصة توقيع' },
        body: {
          en: `Your welcome pack holds ${formatCount(pack.transactions, 'transaction', 'en')} to sign with.`,
          // The count stands as the subject (nominative), the case formatCount's forms are in.
          ar: `في باقة الترحيب ${formatCount(pack.transactions, 'transaction', 'ar')} للتوقيع بها.`,
        },
      },
      now,
    );
  });
}

export function identityAppHandlers(deps: Deps): Handlers {
  return {
    nafathLoginInitiate: async (context) =>
      initiate(deps, context, 'login', context.input.body.nationalID),
    nafathEnrollmentInitiate: async (context) =>
      initiate(deps, context, 'enrollment', context.input.body.nationalID),

    nafathLoginVerify: async (context) => {
      const input = {
        nationalId: context.input.body.nationalID,
        transId: context.input.body.transId,
      };
      const answer = await verify(deps, context, 'login', input, async (person) => {
        const userSlno = await userByNationalId(deps, person.nationalId);
        if (userSlno === null) return 'notRegistered';
        await clearAfterIdentityApp(deps, userSlno);
        return {
          session: await signIn(deps, context, userSlno, 'identity-app'),
        };
      });
      return {
        session: null,
        ...answer,
        reason: 'reason' in answer && answer.reason === 'notRegistered' ? answer.reason : null,
      };
    },

    nafathEnrollmentVerify: async (context) => {
      const input = {
        nationalId: context.input.body.nationalID,
        transId: context.input.body.transId,
      };
      const answer = await verify(deps, context, 'enrollment', input, async (person) => {
        // Enrolling someone already enrolled signs them in. The person, their welcome pack and
        // the record of both are one change.
        const userSlno = await inTransaction(deps.pool, async (tx) => {
          const recorded = await recordVerifiedPerson(tx, person, deps.clock());
          if (recorded.created) {
            await giveWelcomePack(deps, tx, recorded.userSlno);
            await deps.audit.record(tx, context.audit, {
              action: 'user.enrolled',
              actor: recorded.userSlno,
              target: maskNationalId(person.nationalId),
            });
          }
          return recorded.userSlno;
        });
        await clearAfterIdentityApp(deps, userSlno);
        return {
          session: await signIn(deps, context, userSlno, 'identity-app'),
        };
      });
      return { session: null, ...answer, reason: null };
    },

    kycRenewalInitiate: async (context) => {
      const self = await nationalIdOf(deps, context.caller);
      return initiate(deps, context, 'kycRenewal', self.nationalId, { userSlno: self.userSlno });
    },

    kycRenewalVerify: async (context) => {
      const caller = requireCaller(context.caller);
      const user = await nationalIdOf(deps, caller);
      const answer = await verify(
        deps,
        context,
        'kycRenewal',
        { nationalId: user.nationalId, transId: context.input.body.transId },
        async () => {
          return inTransaction(deps.pool, async (tx) => {
            await confirmIdentity(tx, caller.sessionId, deps.clock());
            const renewed = await tx.query<{ kyc_valid_till: Date }>(
              "UPDATE users SET kyc_valid_till = ($2::timestamptz + interval '1 year')::date WHERE user_slno = $1 RETURNING kyc_valid_till",
              [caller.userSlno, deps.clock()],
            );
            const validTill = (renewed.rows[0] as { kyc_valid_till: Date }).kyc_valid_till
              .toISOString()
              .slice(0, 10);
            await deps.audit.record(tx, context.audit, {
              action: 'kyc.renewed',
              target: maskNationalId(user.nationalId),
              detail: { validTill },
            });
            return { kycValidTill: validTill };
          });
        },
      );
      return { kycValidTill: null, ...answer };
    },
  };
}
