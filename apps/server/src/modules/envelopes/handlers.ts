/** The envelopes' calls: envelopes.ts does the work. */
import type { Deps } from '../../deps.js';
import { FileAnswer } from '../../http/download.js';
import { requireCaller, type Handlers } from '../../http/contractRoutes.js';
import { organizationOf } from '../access/tenancy.js';
import {
  declineEnvelope,
  envelopeDetails,
  envelopeDocument,
  myEnvelopes,
  sendEnvelope,
  signEnvelope,
} from './envelopes.js';

export function envelopeHandlers(deps: Deps): Handlers {
  const { pool } = deps;
  return {
    sendEnvelope: ({ caller, input, audit, language }) =>
      sendEnvelope(deps, requireCaller(caller).userSlno, null, input.body, audit, language),

    orgSendEnvelope: ({ caller, tenant, input, audit, language }) =>
      sendEnvelope(
        deps,
        requireCaller(caller).userSlno,
        organizationOf(tenant),
        input.body,
        audit,
        language,
      ),

    myEnvelopes: ({ caller, language }) =>
      myEnvelopes(pool, requireCaller(caller).userSlno, language),

    envelopeDetails: ({ caller, input, language }) =>
      envelopeDetails(pool, requireCaller(caller).userSlno, input.params.envelopeID, language),

    envelopeDocument: async ({ caller, input }) => {
      const document = await envelopeDocument(
        pool,
        requireCaller(caller).userSlno,
        input.params.envelopeID,
      );
      return new FileAnswer(document.content, document.fileName, 'application/pdf');
    },

    signEnvelope: ({ caller, input, audit, language }) =>
      signEnvelope(deps, requireCaller(caller).userSlno, input.params.envelopeID, audit, language),

    declineEnvelope: ({ caller, input, audit, language }) =>
      declineEnvelope(
        deps,
        requireCaller(caller).userSlno,
        input.params.envelopeID,
        input.body.reason,
        audit,
        language,
      ),
  };
}
