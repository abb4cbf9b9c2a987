/** What the payments area is handed where the server is put together, beside every area's Deps. */
import type { PaymentGateway } from '../../adapters/payments/gateway.js';
import type { Deps } from '../../deps.js';
import type { Fulfilments } from './fulfilment.js';

/** Whom an order is for, as the portal's areas are: a person, an organization, a provider, an applicant. */
export type Buyer = 'person' | 'organization' | 'provider' | 'application';

export interface PaymentDeps extends Deps {
  gateway: PaymentGateway;
  /** The server's own origin, for the gateway's callback and return addresses. */
  selfOrigin: () => string;
  /** What a paid order of each category gives, declared by its product. */
  fulfilments: Fulfilments;
  /**
   * Where the portal shows a payment's outcome to whom the order is for (its address, the
   * payment's reference in it): the portal's routes, handed in where the server is put together.
   */
  paymentReturnPath: (buyer: Buyer, payment: string) => string;
}
