/**
 * The provider hierarchy's calls (issue 16): an L1 provider's L2 requests and what it allocates
 * to its L2 providers. Every statement is the tenant L1's (`providerOf`), resolved and authorized
 * before a handler runs.
 */
import type { Deps } from '../../deps.js';
import type { Handlers } from '../../http/contractRoutes.js';
import { allocationHandlers } from './allocations.js';
import { l2RequestHandlers } from './requests.js';

export function providerHandlers(deps: Deps): Handlers {
  return { ...l2RequestHandlers(deps), ...allocationHandlers(deps) };
}
