/**
 * A provider's calls, every decision of its staff among them: its L2 requests, what it allocates
 * to and buys for its L2 providers, its organizations' special plans and purchase orders. Every
 * statement is the tenant provider's (`providerOf`), resolved and authorized before a handler
 * runs.
 */
import type { Handlers } from '../../http/contractRoutes.js';
import type { PaymentDeps } from '../payments/handlers.js';
import { allocationHandlers } from './allocations.js';
import { buyingForL2Handlers } from './buyingForL2.js';
import { providerPurchaseOrderHandlers } from './purchaseOrders.js';
import { l2RequestHandlers } from './requests.js';
import { providerSpecialPlanHandlers } from './specialPlans.js';

export function providerHandlers(deps: PaymentDeps): Handlers {
  return {
    ...l2RequestHandlers(deps),
    ...allocationHandlers(deps),
    ...buyingForL2Handlers(deps),
    ...providerSpecialPlanHandlers(deps),
    ...providerPurchaseOrderHandlers(deps),
  };
}
