/**
 * The payment gateway adapter: create a payment (→ the gateway's id and its hosted payment page),
 * ask its status, cancel an open one, refund a captured one, and verify a notification's
 * HMAC-SHA256 signature. A notification carries an event id and the time it was sent inside the
 * signed body, so the merchant can refuse stale and replayed events. The simulator speaks the same
 * HTTP API, so it is driven through this client.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

export const GATEWAY_STATUSES = ['initiated', 'paid', 'failed', 'cancelled', 'refunded'] as const;
export type GatewayStatus = (typeof GATEWAY_STATUSES)[number];

export interface GatewayPayment {
  gatewayRef: string;
  reference: string;
  status: GatewayStatus;
  amountHalalas: number;
}

/** A signed notification: which event, when it was sent, and the payment it reports. */
export interface GatewayEvent {
  eventId: string;
  sentAt: Date;
  payment: GatewayPayment;
}

export interface PaymentGateway {
  createPayment(input: {
    reference: string;
    amountHalalas: number;
    description: string;
    returnUrl: string;
    callbackUrl: string;
  }): Promise<{ gatewayRef: string; paymentUrl: string }>;
  status(gatewayRef: string): Promise<GatewayPayment>;
  /** Closes an open payment so it can no longer be paid; answers how it stands after. */
  cancel(gatewayRef: string): Promise<GatewayPayment>;
  /** Gives a captured payment back; answers how it stands after. */
  refund(gatewayRef: string): Promise<GatewayPayment>;
  /** The event a notification reports, when its signature is right; null otherwise. */
  verifyCallback(rawBody: string, signature: string | undefined): GatewayEvent | null;
}

export class PaymentGatewayError extends Error {
  override readonly name = 'PaymentGatewayError';
}

const paymentSchema = z.object({
  id: z.string(),
  reference: z.string(),
  status: z.enum(GATEWAY_STATUSES),
  amount: z.int().nonnegative(),
});

const eventSchema = z.object({
  eventId: z.string().min(8).max(200),
  sentAt: z.iso.datetime(),
  payment: paymentSchema,
});

export function signBody(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

function toPayment(value: z.output<typeof paymentSchema>): GatewayPayment {
  return {
    gatewayRef: value.id,
    reference: value.reference,
    status: value.status,
    amountHalalas: value.amount,
  };
}

export function createGatewayClient(options: {
  baseUrl: string;
  apiKey: string;
  callbackSecret: string;
  fetch?: typeof fetch;
}): PaymentGateway {
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/$/, '');
  /** A 409 to cancel or refund still says how the payment stands: that is its answer. */
  const request = async (path: string, init?: RequestInit, conflictIsAnswer = false) => {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        ...init,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${options.apiKey}` },
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      throw new PaymentGatewayError(`the payment gateway did not answer: ${String(error)}`);
    }
    if (!response.ok && !(conflictIsAnswer && response.status === 409))
      throw new PaymentGatewayError(`the payment gateway answered ${String(response.status)}`);
    return (await response.json()) as unknown;
  };
  const payment = async (path: string, init?: RequestInit, conflictIsAnswer = false) => {
    const parsed = paymentSchema.safeParse(await request(path, init, conflictIsAnswer));
    if (!parsed.success)
      throw new PaymentGatewayError('the payment gateway answered an unexpected payment');
    return toPayment(parsed.data);
  };
  const action = (gatewayRef: string, verb: 'cancel' | 'refund') =>
    payment(
      `/api/payments/${encodeURIComponent(gatewayRef)}/${verb}`,
      { method: 'POST', body: '{}' },
      true,
    );
  return {
    async createPayment(input) {
      const answer = z.object({ id: z.string(), url: z.string() }).safeParse(
        await request('/api/payments', {
          method: 'POST',
          body: JSON.stringify({
            amount: input.amountHalalas,
            currency: 'SAR',
            reference: input.reference,
            description: input.description,
            returnUrl: input.returnUrl,
            callbackUrl: input.callbackUrl,
          }),
        }),
      );
      if (!answer.success)
        throw new PaymentGatewayError('the payment gateway answered an unexpected payment');
      return { gatewayRef: answer.data.id, paymentUrl: answer.data.url };
    },
    status: (gatewayRef) => payment(`/api/payments/${encodeURIComponent(gatewayRef)}`),
    cancel: (gatewayRef) => action(gatewayRef, 'cancel'),
    refund: (gatewayRef) => action(gatewayRef, 'refund'),
    verifyCallback(rawBody, signature) {
      const expected = Buffer.from(signBody(options.callbackSecret, rawBody), 'hex');
      const given = Buffer.from(signature ?? '', 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let parsed;
      try {
        parsed = eventSchema.safeParse(JSON.parse(rawBody));
      } catch {
        return null;
      }
      if (!parsed.success) return null;
      return {
        eventId: parsed.data.eventId,
        sentAt: new Date(parsed.data.sentAt),
        payment: toPayment(parsed.data.payment),
      };
    },
  };
}
