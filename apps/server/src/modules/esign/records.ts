/**
 * What the eSign service keeps of a transaction, as its viewers show it (SPEC §7 "request",
 * "response", "signed response"): the request as it arrived (its documents by digest, never their
 * bytes) and its answer, a failure's or a success's. One writer for the service and the demo
 * world's transactions, so the demo shows records of the shape the service keeps. Pure: no keys,
 * no database (the signed response, the service's JWS over the answer, is service.ts's
 * `answerSigner`).
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

/** What signing made: each document's CMS and the certificates (absent from the demo's past). */
export interface SignatureMaterial {
  certificates: string[];
  documents: NonNullable<SigningOutcome['documents']>;
}

/**
 * A signed transaction's answer: who signed and when, and what signing made. The demo world's
 * successes record no signature material: they are dated in the past, and a CA does not backdate
 * a certificate or a timestamp to make one.
 */
export function successRecord(
  transaction: { txnId: string; transactionId: string },
  signer: { nationalId: string; nameEnglish: string; nameArabic: string },
  signedAt: Date,
  material?: SignatureMaterial,
): SigningOutcome {
  return {
    ...transaction,
    status: 'success',
    signer,
    ...(material ? { certificates: material.certificates } : {}),
    signedAt: signedAt.toISOString(),
    ...(material ? { documents: material.documents } : {}),
  };
}
