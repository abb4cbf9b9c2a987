/**
 * Envelopes: a PDF its sender sends to one to five Tawqi users to sign in
 * order. The document is kept as it now stands — the PDF sent, then after each signature the
 * signed PDF, which the next signer's signature extends (an incremental update: the earlier ones
 * stay valid). Each signer's stamp has the place the sender gave it; a signer is waiting, asked
 * (their turn), signed or declined; a decline ends the envelope.
 *
 * The sender pays, one counter per signature, taken when that signer approves (the signing
 * transaction's own charge): a signing transaction may name who pays other than its signer
 * (`payer_user_slno`, `payer_org_slno`); its `org_slno` stays the organization the signer signs
 * for (an envelope's signers sign as themselves: their certificate names no organization).
 */
export const name = '043_envelopes';

export const sql = /* sql */ `
ALTER TABLE esign_transactions
  ADD COLUMN payer_user_slno integer REFERENCES users (user_slno),
  ADD COLUMN payer_org_slno integer REFERENCES organizations (org_slno),
  ADD CONSTRAINT esign_transactions_one_payer_check CHECK (payer_user_slno IS NULL OR payer_org_slno IS NULL);

CREATE TABLE envelopes (
  envelope_slno  serial PRIMARY KEY,
  envelope_id    text NOT NULL UNIQUE,
  sender_slno    integer NOT NULL REFERENCES users (user_slno),
  org_slno       integer REFERENCES organizations (org_slno),
  title          text NOT NULL,
  document_name  text NOT NULL,
  content        bytea NOT NULL,
  status         text NOT NULL CHECK (status IN ('inProgress', 'completed', 'declined')),
  created_at     timestamptz NOT NULL,
  ended_at       timestamptz,
  CHECK ((status = 'inProgress') = (ended_at IS NULL))
);
CREATE INDEX envelopes_sender ON envelopes (sender_slno, created_at DESC);

CREATE TABLE envelope_signers (
  envelope_slno   integer NOT NULL REFERENCES envelopes (envelope_slno) ON DELETE CASCADE,
  position        smallint NOT NULL CHECK (position BETWEEN 1 AND 5),
  user_slno       integer NOT NULL REFERENCES users (user_slno),
  placement       text NOT NULL,
  status          text NOT NULL CHECK (status IN ('waiting', 'asked', 'signed', 'declined')),
  transaction_id  text,
  decline_reason  text,
  decided_at      timestamptz,
  PRIMARY KEY (envelope_slno, position),
  UNIQUE (envelope_slno, user_slno),
  CHECK ((status = 'declined') = (decline_reason IS NOT NULL))
);
CREATE INDEX envelope_signers_user ON envelope_signers (user_slno);
CREATE UNIQUE INDEX envelope_signers_transaction ON envelope_signers (transaction_id);
`;
