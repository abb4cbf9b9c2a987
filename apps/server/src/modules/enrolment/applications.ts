/**
 * Pre-enrolment applications (contract `enrolment.ts`), one file an operation:
 *
 * - begun by a person the identity app has just confirmed (begin.ts);
 * - saved as typed while a draft, with its documents (draft.ts);
 * - submitted, complete (submit.ts), its e-mail address verified by a link (email.ts);
 * - its fee paid where its kind has one (fee.ts), and filed (filing.ts) for its L1 to decide.
 *
 * Here: the public calls the application's pages read, and the operations put together.
 */
import type { Handlers } from '../../http/contractRoutes.js';
import { captchaOf } from '../captcha.js';
import type { PaymentDeps } from '../payments/handlers.js';
import { inLanguage } from '../words.js';
import { applicationView, requireApplicant } from './application.js';
import { beginHandlers } from './begin.js';
import { draftHandlers } from './draft.js';
import { emailHandlers } from './email.js';
import { feeHandlers } from './fee.js';
import { submitHandlers } from './submit.js';

export { applicantResolver } from './application.js';

export function enrolmentHandlers(deps: PaymentDeps): Handlers {
  const captcha = captchaOf(deps);
  return {
    captchaChallenge: async () => captcha.challenge(),

    recaptchaClientKey: () =>
      Promise.resolve({ clientKey: captcha.clientKey, provider: captcha.provider }),

    enrolmentProviders: async ({ language }) => {
      const { rows } = await deps.pool.query<{
        sip_slno: number;
        name_en: string;
        name_ar: string;
      }>(
        `SELECT sip_slno, name_en, name_ar FROM service_providers
          WHERE level = 'L1' AND status = 'active' ORDER BY name_en, sip_slno`,
      );
      return {
        dataList: rows.map((row) => ({
          sipSlNo: row.sip_slno,
          name: inLanguage(row.name_en, row.name_ar, language),
        })),
      };
    },

    myApplication: async ({ applicant, language }) =>
      applicationView(deps, requireApplicant(applicant), language),

    ...beginHandlers(deps, captcha),
    ...draftHandlers(deps),
    ...submitHandlers(deps, captcha),
    ...emailHandlers(deps),
    ...feeHandlers(deps),
  };
}
