/**
 * The production notifier: one-time codes and notices are posted, as JSON with a bearer token, to
 * the SMS / e-mail relay named by NOTIFIER_URL (the operator's gateway to its SMS and e-mail
 * providers). Nothing is kept here: outside demo mode no code is stored in a readable form.
 */
import type { Notifier } from './outbox.js';

export class NotifierError extends Error {
  override readonly name = 'NotifierError';
}

export function createRelayNotifier(options: {
  url: string;
  token: string;
  fetch?: typeof fetch;
}): Notifier {
  const doFetch = options.fetch ?? fetch;
  return {
    async send(message, now) {
      let response: Response;
      try {
        response = await doFetch(options.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${options.token}` },
          body: JSON.stringify({ ...message, createdAt: now.toISOString() }),
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        throw new NotifierError(`the notifier relay did not answer: ${String(error)}`);
      }
      if (!response.ok)
        throw new NotifierError(`the notifier relay answered ${String(response.status)}`);
    },
  };
}
