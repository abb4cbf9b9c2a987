/**
 * The payment gateway adapter: create a payment (→ the gateway's id and its hosted payment page),
 * ask a payment's status, and verify a callback's HMAC-SHA256 signature. The simulator speaks the
 * same HTTP API, so it is driven through this client.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

export type GatewayStatus = 'initiated' | 'paid' | 'failed';

export interface GatewayPayment {
  gatewayRef: string;
  reference: string;
  status: GatewayStatus;
  amountHalalas: number;
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
  /** The payment a callback reports, when its signature is right; null otherwise. */
  verifyCallback(rawBody: string, signature: string | undefined): GatewayPayment | null;
}

export class PaymentGatewayError extends Error {
  override readonly name = 'PaymentGatewayError';
}

const paymentSchema = z.object({
  id: z.string(),
  reference: z.string(),
  status: z.enum(['initiated', 'paid', 'failed']),
  amount: z.int().nonnegative(),
});

export function signBody(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

export function createGatewayClient(options: {
  baseUrl: string;
  secret: string;
  fetch?: typeof fetch;
}): PaymentGateway {
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/$/, '');
  const request = async (path: string, init?: RequestInit) => {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        ...init,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${options.secret}` },
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      throw new PaymentGatewayError(`the payment gateway did not answer: ${String(error)}`);
    }
    if (!response.ok)
      throw new PaymentGatewayError(`the payment gateway answered ${String(response.status)}`);
    return (await response.json()) as unknown;
  };
  const toPayment = (value: unknown): GatewayPayment => {
    const parsed = paymentSchema.safeParse(value);
    if (!parsed.success)
      throw new PaymentGatewayError('the payment gateway answered an unexpected payment');
    return {
      gatewayRef: parsed.data.id,
      reference: parsed.data.reference,
      status: parsed.data.status,
      amountHalalas: parsed.data.amount,
    };
  };
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
    status: async (gatewayRef) =>
      toPayment(await request(`/api/payments/${encodeURIComponent(gatewayRef)}`)),
    verifyCallback(rawBody, signature) {
      const expected = Buffer.from(signBody(options.secret, rawBody), 'hex');
      const given = Buffer.from(signature ?? '', 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        return toPayment(JSON.parse(rawBody));
      } catch {
        return null;
      }
    },
  };
}
