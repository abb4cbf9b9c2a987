/**
 * Who is calling and what they may reach, asked of the database on every request (SECURITY.md:
 * membership and role are checked per request; a revoked or idle session stops at once).
 */
import { REQUEST_HEADERS } from '@tawqi/domain';
import type { FastifyRequest } from 'fastify';
import type { Pool } from '../../db/pool.js';
import type { Access, Caller } from '../../http/contractRoutes.js';
import type { SessionLimits } from '../sessions/sessions.js';
import { createLiveChecks } from './liveChecks.js';
import { tenantOwns, tenantsNamed } from './tenancy.js';
import type { TokenSigner } from '../sessions/tokens.js';

export function createAccess(deps: {
  pool: Pool;
  signer: TokenSigner;
  clock: () => Date;
  limits: SessionLimits;
}): Access {
  const { pool } = deps;
  const live = createLiveChecks(pool, deps.limits.idleMinutes);

  /** The claims of a request's access token, verified and bound to its device; else null. */
  async function claimsOf(request: FastifyRequest, now: Date): Promise<Caller | null> {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return null;
    const claims = await deps.signer.verify(header.slice('Bearer '.length).trim(), now);
    if (!claims) return null;
    // The token is bound to the device it was issued to.
    if (request.headers[REQUEST_HEADERS.deviceId.toLowerCase()] !== claims.deviceId) return null;
    return claims;
  }

  return {
    async callerOf(request) {
      const now = deps.clock();
      const claims = await claimsOf(request, now);
      if (!claims) return null;
      return (await live.check({ ...claims, now })) ? claims : null;
    },

    async callerIn(request, kind, value) {
      const now = deps.clock();
      const claims = await claimsOf(request, now);
      if (!claims) return { caller: null, tenants: [] };
      const tenants = await live.check({ ...claims, now, tenant: { kind, value } });
      return tenants ? { caller: claims, tenants } : { caller: null, tenants: [] };
    },

    tenantsNamed: (userSlno, kind, value) => tenantsNamed(pool, userSlno, kind, value),
    tenantOwns: (tenant, kind, id) => tenantOwns(pool, tenant, kind, id),
  };
}
