/**
 * Issuing CA rollover: the root may make a new issuing CA (a new key, a new name
 * "… CA G2", its own certificate and CRL addresses) while the old one's certificates live on.
 *
 * - `issuing_generations` keeps every issuing CA the root made, numbered from 1, with the label of
 *   its key in the module: an old generation issues nothing new, but still signs its CRL and
 *   answers OCSP for what it issued. `ca_keys`' 'issuing' row names the current one, as before.
 * - A CRL's issuer is 'issuing' for the first generation (the addresses already in certificates)
 *   and 'issuing-g<n>' for a later one.
 */
export const name = '035_issuing_generations';

export const sql = /* sql */ `
CREATE TABLE issuing_generations (
  generation integer PRIMARY KEY CHECK (generation >= 1),
  serial     text NOT NULL UNIQUE REFERENCES certificates (serial),
  key_label  text NOT NULL
);
INSERT INTO issuing_generations (generation, serial, key_label)
  SELECT 1, serial, key_label FROM ca_keys WHERE name = 'issuing' AND key_label IS NOT NULL;

ALTER TABLE crls DROP CONSTRAINT crls_issuer_check;
ALTER TABLE crls ADD CONSTRAINT crls_issuer_check CHECK (issuer = 'root' OR issuer ~ '^issuing(-g[0-9]+)?$');
`;
