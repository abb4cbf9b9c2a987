/** A key ceremony's or rollover's record as the operator prints it and signs it off. */
import type { CeremonyRecord } from '../modules/pki/authority.js';

/** The record as the operator signs it off on paper. */
export function printedRecord(title: string, record: CeremonyRecord): string {
  return [
    title,
    `  held at   ${record.at.toISOString()}`,
    `  operator  ${record.operator}`,
    `  module    ${record.module}`,
    ...record.members.flatMap((member) => [
      `  ${member.name}`,
      `    key label                 ${member.keyLabel}`,
      `    subject                   ${member.subject}`,
      `    serial                    ${member.serial}`,
      `    valid to                  ${member.notAfter.toISOString()}`,
      `    certificate SHA-256       ${member.certificateSha256}`,
      `    public key SHA-256        ${member.publicKeySha256}`,
    ]),
  ].join('\n');
}
