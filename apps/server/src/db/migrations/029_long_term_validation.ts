/**
 * Signatures that stand on their own for years: the root's revocation list for the CAs
 * under it (an ARL) kept beside the issuing CA's CRLs, each list numbered on its own; and the PAdES
 * level an application asked for its PDFs (B-LT unless it asked for B-LTA).
 */
export const name = '029_long_term_validation';

export const sql = /* sql */ `
ALTER TABLE crls ADD COLUMN issuer text NOT NULL DEFAULT 'issuing' CHECK (issuer IN ('root', 'issuing'));
ALTER TABLE crls DROP CONSTRAINT crls_pkey;
ALTER TABLE crls ADD PRIMARY KEY (issuer, crl_number);
ALTER TABLE esign_transactions ADD COLUMN pades_level text CHECK (pades_level IN ('B-LT', 'B-LTA'));
`;
