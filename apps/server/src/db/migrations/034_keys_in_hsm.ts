/**
 * Keys in the hardware security module: no table keeps private key bytes.
 *
 * - `ca_keys` names, for each of the authority's current certificates, the label of its key in
 *   the PKCS#11 token (`key_label`); the sealed copies are dropped. A database made before this
 *   has no label for its authority: its keys were in the database, and the server says so at
 *   start rather than sign with keys that were ever outside the module (demo mode: a new DATA_DIR).
 * - `signing_keys` (access tokens) keeps the public JWK and the label; the private JWK is gone,
 *   and with it every token it signed (people sign in again).
 */
export const name = '034_keys_in_hsm';

export const sql = /* sql */ `
ALTER TABLE ca_keys DROP COLUMN sealed_key, ADD COLUMN key_label text;

DELETE FROM signing_keys;
ALTER TABLE signing_keys DROP COLUMN private_jwk, ADD COLUMN key_label text NOT NULL;
`;
