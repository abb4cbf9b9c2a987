/**
 * The calls whose handlers come with later issues, each with the issue (a call without
 * a handler is never silent). The server refuses to start when a call has no handler and is not
 * listed here, or has one and still is; until then a listed call answers 501, after every check
 * of who may make it.
 */
import { ENDPOINTS, type EndpointId } from '@tawqi/api';
import type { Handlers } from './contractRoutes.js';

export const NOT_YET: Partial<Record<EndpointId, string>> = {};

export class UnhandledCallError extends Error {
  override readonly name = 'UnhandledCallError';
}

/** Refuses a server whose calls are not each either handled or listed as not yet (never both). */
export function assertEveryCallAccountedFor(
  handlers: Handlers,
  notYet: Partial<Record<EndpointId, string>> = NOT_YET,
): void {
  const faults = ENDPOINTS.flatMap((endpoint) => {
    const id = endpoint.id as EndpointId;
    const handled = handlers[id] !== undefined;
    if (handled === (notYet[id] !== undefined))
      return [
        `${id}: ${handled ? 'handled and still listed as not yet' : 'no handler, not listed'}`,
      ];
    return [];
  });
  if (faults.length > 0) throw new UnhandledCallError(`calls refused: ${faults.join(', ')}`);
}
