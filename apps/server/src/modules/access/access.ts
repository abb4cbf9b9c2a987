/**
 * Who is calling and what they may reach, asked of the database on every request (SECURITY.md:
 * membership and role are checked per request; a revoked or idle session stops at once).
 */
import { REQUEST_HEADERS } from '@tawqi/domain';
import type { FastifyRequest } from 'fastify';
import type { Pool } from '../../db/pool.js';
import type { Access, Caller } from '../../http/contractRoutes.js';
import { touchSession, type SessionLimits } from '../sessions/sessions.js';
import { tenantOwns, tenantsNamed } from './tenancy.js';
import type { TokenSigner } from '../sessions/tokens.js';

export function createAccess(deps: {
  pool: Pool;
  signer: TokenSigner;
  clock: () => Date;
  limits: SessionLimits;
}): Access {
  const { pool } = deps;
  return {
    async callerOf(request: FastifyRequest): Promise<Caller | null> {
      const header = request.headers.authorization;
      if (!header?.startsWith('Bearer ')) return null;
      const now = deps.clock();
      const claims = await deps.signer.verify(header.slice('Bearer '.length).trim(), now);
      if (!claims) return null;
      // The token is bound to the device it was issued to.
      if (request.headers[REQUEST_HEADERS.deviceId.toLowerCase()] !== claims.deviceId) return null;
      if (!(await touchSession(pool, claims.sessionId, now, deps.limits))) return null;
      return claims;
    },

    tenantsNamed: (userSlno, kind, value) => tenantsNamed(pool, userSlno, kind, value),
    tenantOwns: (tenant, kind, id) => tenantOwns(pool, tenant, kind, id),
  };
}
