/**
 * Who is calling and what they may reach, asked of the database on every request (SECURITY.md:
 * membership and role are checked per request; a revoked or idle session stops at once).
 */
import { REQUEST_HEADERS } from '@tawqi/domain';
import type { FastifyRequest } from 'fastify';
import type { Pool } from '../../db/pool.js';
import type { Access, Caller } from '../../http/contractRoutes.js';
import { touchSession, type SessionLimits } from '../sessions/sessions.js';
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

    async isMember(userSlno, scope, roles) {
      const byOrganization =
        scope.kind === 'organization'
          ? 'o.org_slno = $2'
          : '((o.organization_type = 1 AND o.org_slno = $2) OR (o.organization_type <> 1 AND o.sip_slno = $2))';
      const result = await pool.query(
        `SELECT 1 FROM memberships m JOIN organizations o ON o.org_slno = m.org_slno
          WHERE m.user_slno = $1 AND ${byOrganization}
            AND m.is_active AND m.status = 'Approved'
            AND ($3::text[] IS NULL OR m.roles && $3::text[])
          LIMIT 1`,
        [userSlno, scope.id, roles ? [...roles] : null],
      );
      return result.rowCount === 1;
    },

    async isL1Admin(userSlno, sipSlno, roles) {
      const result = await pool.query(
        `SELECT 1 FROM memberships m
           JOIN organizations o ON o.org_slno = m.org_slno
           JOIN service_providers p ON p.sip_slno = o.sip_slno
          WHERE m.user_slno = $1 AND p.sip_slno = $2 AND p.level = 'L1'
            AND m.is_active AND m.status = 'Approved' AND m.roles && $3::text[]
          LIMIT 1`,
        [userSlno, sipSlno, [...roles]],
      );
      return result.rowCount === 1;
    },
  };
}
