/** A session's own calls: its refresh (the token rotated), keeping it alive, and signing out. */
import { DEVICE_MISMATCH, IDENTITY_STATUS, TOKEN_EXPIRED, TOKEN_REUSED } from '@tawqi/domain';
import type { Deps } from '../../deps.js';
import { sessionLimits } from '../../deps.js';
import { inTransaction } from '../../db/pool.js';
import { requireCaller, type Handlers } from '../../http/contractRoutes.js';
import { AppError } from '../../http/errors.js';
import { revokeSession, rotateRefreshToken } from '../sessions/sessions.js';
import { sessionDataFor } from './signIn.js';

/** Ends the session for a refresh that cannot go on; the detail says why (SPEC §8 and ours). */
const REFRESH_DETAILS: Partial<Record<string, string>> = {
  reused: TOKEN_REUSED,
  'device-mismatch': DEVICE_MISMATCH,
};

export function sessionHandlers(deps: Deps): Handlers {
  return {
    refresh: async (context) => {
      const deviceId = context.input.body.deviceID;
      // The rotation, and a revocation it makes, commit with their audit record.
      const rotated = await inTransaction(deps.pool, async (tx) => {
        const outcome = await rotateRefreshToken(tx, {
          refreshToken: context.input.body.refreshToken,
          deviceId,
          now: deps.clock(),
          limits: sessionLimits(deps.config),
          successorKey: deps.keys.refresh,
        });
        if (outcome.ok) {
          await deps.audit.record(tx, context.audit, {
            action: 'session.refreshed',
            actor: outcome.userSlno,
            target: outcome.sessionId,
          });
          return outcome;
        }
        if (!outcome.sessionId) return outcome;
        const detail = REFRESH_DETAILS[outcome.reason] ?? TOKEN_EXPIRED;
        if (detail !== TOKEN_EXPIRED)
          await deps.audit.record(tx, context.audit, {
            action:
              outcome.reason === 'reused' ? 'session.token-reused' : 'session.device-mismatch',
            outcome: 'denied',
            actor: outcome.userSlno,
            target: outcome.sessionId,
            detail: { sessionRevoked: true },
          });
        else if (outcome.reason !== 'revoked')
          await deps.audit.record(tx, context.audit, {
            action: 'session.revoked',
            actor: outcome.userSlno,
            target: outcome.sessionId,
            detail: { reason: outcome.reason },
          });
        return outcome;
      });
      if (!rotated.ok) {
        const detail = REFRESH_DETAILS[rotated.reason] ?? TOKEN_EXPIRED;
        throw new AppError(401, 'UNAUTHENTICATED', { detail });
      }
      return sessionDataFor(deps, rotated.userSlno, {
        sessionId: rotated.sessionId,
        refreshToken: rotated.refreshToken,
        deviceId,
      });
    },

    // The session was found live and touched on the way in (callerOf): nothing more to do.
    keepAlive: (context) => {
      requireCaller(context.caller);
      return Promise.resolve({ status: IDENTITY_STATUS.accepted, errorMessage: null });
    },

    logout: async (context) => {
      const caller = requireCaller(context.caller);
      await inTransaction(deps.pool, async (tx) => {
        await revokeSession(tx, caller.sessionId, deps.clock(), 'logout');
        await deps.audit.record(tx, context.audit, {
          action: 'session.logout',
          target: caller.sessionId,
        });
      });
      return { status: IDENTITY_STATUS.accepted, errorMessage: null };
    },
  };
}
