/**
 * Authentication (SPEC §4, §7), one file a way in: the national identity app
 * (identitySignIn.ts), a password and a one-time code (passwordSignIn.ts), and a session's own
 * calls (sessionCalls.ts); what every sign-in shares is signIn.ts.
 */
import type { Deps } from '../../deps.js';
import type { Handlers } from '../../http/contractRoutes.js';
import { identityAppHandlers } from './identitySignIn.js';
import { passwordHandlers } from './passwordSignIn.js';
import { sessionHandlers } from './sessionCalls.js';

export function authHandlers(deps: Deps): Handlers {
  return { ...identityAppHandlers(deps), ...passwordHandlers(deps), ...sessionHandlers(deps) };
}
