/** An application's fee, where its kind has one: an order of its own, paid at the gateway. */
import { REGISTRATION_FEE_ITEM } from '@tawqi/domain';
import type { Handlers } from '../../http/contractRoutes.js';
import { AppError } from '../../http/errors.js';
import {
  payOrder,
  paymentStatusOf,
  placeOrder,
  recheckAtGateway,
  type PaymentDeps,
} from '../payments/handlers.js';
import {
  MESSAGES,
  applicationRow,
  feeOf,
  feePayments,
  refuse,
  requireApplicant,
} from './application.js';

export function feeHandlers(deps: PaymentDeps): Handlers {
  return {
    payApplicationFee: async ({ applicant, audit }) => {
      const slno = requireApplicant(applicant);
      const row = await applicationRow(deps.pool, slno);
      const amounts = feeOf(deps, row.kind);
      if (row.status !== 'paymentPending' || !amounts)
        throw refuse(409, MESSAGES.notAwaitingPayment);
      // One fee order per application, whatever key a retry comes with.
      const order = await placeOrder(deps, deps.pool, audit, 'registration-fee', {
        owner: { kind: 'application', applicationSlno: slno },
        category: 'registration',
        planSlno: null,
        quantity: 1,
        amounts,
        lines: [],
        item: REGISTRATION_FEE_ITEM[row.kind],
      });
      return payOrder(deps, audit, order.order_slno);
    },

    applicationPaymentStatus: async ({ applicant, input, language, audit }) => {
      const slno = requireApplicant(applicant);
      const find = () => feePayments(deps.pool, slno, input.body.encodedPaymentSlno);
      const payment = await find();
      // Another application's payment is not found.
      if (!payment) throw new AppError(404, 'NOT_FOUND');
      if (input.body.recheck) await recheckAtGateway(deps, payment, audit);
      return paymentStatusOf((await find()) ?? payment, language);
    },
  };
}
