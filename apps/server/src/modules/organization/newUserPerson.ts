/**
 * A new user's person: the national id checked, the person's approval in the identity app on
 * their own phone, and the identity app's details of them read back by the admin who asked
 * (steps 1–3 of newUsers.ts).
 */
import { IDENTITY_STATUS } from '@tawqi/domain';
import type { Deps } from '../../deps.js';
import { requireCaller, type Handlers } from '../../http/contractRoutes.js';

import { initiate, verify } from '../auth/identityApp.js';
import { organizationOf } from '../access/tenancy.js';
import { localWord } from '../words.js';
import {
  MESSAGES,
  VERIFIED_PERSON_MINUTES,
  refused,
  verifiedPerson,
  whyNotAddable,
} from './newUsers.js';

export function newUserPersonHandlers(deps: Deps): Handlers {
  const { pool } = deps;
  return {
    validateNationalId: async ({ tenant, input, language }) => {
      const why = await whyNotAddable(pool, organizationOf(tenant), input.body.nationalID);
      return why
        ? refused(why, language)
        : { status: IDENTITY_STATUS.accepted, errorMessage: null };
    },

    orgUserNafathVerify: async (context) => {
      const { nationalID, transId } = context.input.body;
      const binding = {
        organization: organizationOf(context.tenant),
        requestedBy: requireCaller(context.caller).userSlno,
      };
      if (!transId) {
        // The same check as validateNationalId: the identity app is not asked for nothing.
        const why = await whyNotAddable(pool, binding.organization, nationalID);
        if (why) return { ...refused(why, context.language), transId: null, random: null };
        const started = await initiate(deps, context, 'orgUser', nationalID, binding);
        return {
          status: started.status,
          errorMessage: started.errorMessage,
          transId: started.transId,
          random: started.random,
        };
      }
      const answer = await verify(
        deps,
        context,
        'orgUser',
        { nationalId: nationalID, transId, ...binding },
        async (person) => {
          // Kept for the admin to complete the request with, for a while.
          const now = deps.clock();
          await pool.query(
            'UPDATE identity_challenges SET person = $2, expires_at = $3 WHERE trans_id = $1',
            [transId, person, new Date(now.getTime() + VERIFIED_PERSON_MINUTES * 60_000)],
          );
          return {};
        },
      );
      return { status: answer.status, errorMessage: answer.errorMessage, transId, random: null };
    },

    orgUserDetails: async (context) => {
      const { nationalID, transId } = context.input.body;
      const person = await verifiedPerson(deps, pool, context, nationalID, transId, false);
      if (!person)
        return {
          ...refused(MESSAGES.notVerified, context.language),
          fullNameEnglish: '',
          fullNameArabic: '',
          nationality: '',
          dateOfBirth: null,
        };
      return {
        status: IDENTITY_STATUS.accepted,
        errorMessage: null,
        fullNameEnglish: person.fullNameEnglish,
        fullNameArabic: person.fullNameArabic,
        nationality: localWord(person.nationality, context.language),
        dateOfBirth: person.dateOfBirth ?? null,
      };
    },
  };
}
