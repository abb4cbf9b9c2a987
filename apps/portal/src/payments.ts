/** Paying through the gateway (SPEC §7 "Payments"): the browser leaves for its hosted page. */
import { CONTRACT } from '@tawqi/api';
import { api } from './api.js';

/** Sends the browser to the gateway's payment page; it returns to /app/my/paymentStatus. */
export function goToGateway(paymentUrl: string): void {
  window.location.assign(paymentUrl);
}

/** Starts a payment that has not gone through again, on the gateway's page. */
export async function payAgain(encodedPaymentSlno: string): Promise<void> {
  const answer = await api.call(CONTRACT.initiatePayment, { body: { encodedPaymentSlno } });
  goToGateway(answer.paymentUrl);
}
