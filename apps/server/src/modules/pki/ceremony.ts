/** The key ceremony: the authority made on a new database, and a record of what was made. */
import { inTransaction } from '../../db/pool.js';
import { SYSTEM_CONTEXT } from '../audit/log.js';

import type { AuthorityOptions, CeremonyRecord } from './authorityModel.js';
import { wholeSeconds } from './authorityModel.js';
import { authorityParts, recordOf } from './authorityParts.js';
import { loadAuthority } from './authority.js';

/**
 * The key ceremony (`npm run ca:ceremony`): the root's and the issuing CA's keys made in the
 * module, their certificates and the OCSP responder's, recorded in the audit log with the operator
 * who held it. Refused when the database has an authority already.
 */
export async function holdKeyCeremony(
  options: AuthorityOptions,
  operator: string,
): Promise<CeremonyRecord> {
  const parts = authorityParts(options);
  const made = await inTransaction(options.pool, async (tx) => {
    await parts.lockAuthority(tx);
    const [existing] = (
      await tx.query<{ serial: string }>("SELECT serial FROM ca_keys WHERE name = 'root'")
    ).rows;
    if (existing)
      throw new Error(
        `This database has a certificate authority already (root ${existing.serial}): a ceremony makes a new one only on a new database.`,
      );
    const at = wholeSeconds(options.clock());
    const made = await parts.makeAuthority(tx);
    const record = await recordOf(options.vault, operator, at, [
      ['root', made.root],
      ['issuing', made.issuing],
      ['ocsp', made.responder],
    ]);
    await options.audit.record(tx, SYSTEM_CONTEXT, {
      action: 'ca.key-ceremony',
      target: made.root.certificate.serialNumber.toUpperCase(),
      detail: {
        operator,
        module: record.module,
        root: record.members[0]?.certificateSha256 ?? null,
        issuing: record.members[1]?.certificateSha256 ?? null,
      },
    });
    return record;
  });
  // The root's first ARL, signed while it is here: an offline root's servers serve it for a year.
  await (await loadAuthority(options)).signArl();
  return made;
}
