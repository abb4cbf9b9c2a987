/** Paying through the gateway (SPEC §7 "Payments"): the browser leaves for its hosted page. */
import { CONTRACT } from '@tawqi/api';
import { useState } from 'react';
import { api } from './api.js';
import { reportFailure } from './toasts.js';

/** Sends the browser to the gateway's payment page; it returns to /app/my/paymentStatus. */
export function goToGateway(paymentUrl: string): void {
  window.location.assign(paymentUrl);
}

/** Starts a payment that has not gone through again, on the gateway's page. */
export async function payAgain(encodedPaymentSlno: string): Promise<void> {
  const answer = await api.call(CONTRACT.initiatePayment, { body: { encodedPaymentSlno } });
  goToGateway(answer.paymentUrl);
}

/**
 * Ordering something paid at the gateway, as every buy screen does: one Idempotency-Key per opened
 * confirmation (`renew` when a dialog opens), so that confirming twice makes one order; while the
 * order is made the confirmation is busy; a refusal is reported and the confirmation stays open.
 */
export function useCheckout() {
  const [ordering, setOrdering] = useState(false);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  return {
    ordering,
    renew: () => {
      setIdempotencyKey(crypto.randomUUID());
    },
    /** Makes the order with this confirmation's key and leaves for the gateway. */
    checkout: async (
      order: (options: { idempotencyKey: string }) => Promise<{ paymentUrl: string }>,
    ) => {
      setOrdering(true);
      try {
        goToGateway((await order({ idempotencyKey })).paymentUrl);
      } catch (error) {
        reportFailure(error);
        setOrdering(false);
      }
    },
  };
}
