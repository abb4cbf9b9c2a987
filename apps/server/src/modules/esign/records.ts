/**
 * What the eSign service keeps of a transaction, as its viewers show it (SPEC §7 "request",
 * "response", "signed response"): the request as it arrived (its documents by digest, never their
 * bytes) and a failure's answer. One writer for the service and the demo world's transactions,
 * so the demo shows records of the shape the service keeps. Pure: no keys, no database.
 */
import type { EsignErrorKey, SigningOutcome } from '@tawqi/api';
import { errorOf } from './errors.js';

export interface RecordedRequest {
  txnId: string;
  timestamp: string;
  signer: { nationalId: string };
  consent: boolean;
  returnUrl: string;
}

export interface RecordedDocument {
  position: number;
  kind: 'hash' | 'pdf';
  name: string;
  sha256: Buffer;
  /** A PDF's bytes (only their length is recorded); null for a digest sent alone. */
  content: Buffer | null;
}

/** The request record: who asked, for whom, when, and which documents by digest. */
export function requestRecord(
  application: { clientId: string },
  request: RecordedRequest,
  documents: readonly RecordedDocument[],
  receivedAt: Date,
) {
  return {
    clientId: application.clientId,
    receivedAt: receivedAt.toISOString(),
    txnId: request.txnId,
    timestamp: request.timestamp,
    signer: { nationalId: request.signer.nationalId },
    consent: request.consent,
    returnUrl: request.returnUrl,
    documents: documents.map((document) => ({
      position: document.position,
      kind: document.kind,
      name: document.name,
      sha256: document.sha256.toString('base64'),
      ...(document.content ? { bytes: document.content.length } : {}),
    })),
  };
}

/** A failed transaction's answer: the catalogue's code and its English message. */
export function failureRecord(
  transaction: { txnId: string; transactionId: string },
  failure: EsignErrorKey,
): SigningOutcome {
  return { ...transaction, status: 'failed', error: errorOf(failure, 'en') };
}
