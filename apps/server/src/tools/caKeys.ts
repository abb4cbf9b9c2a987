/**
 * The certificate authority's key ceremonies, for an operator at the console:
 *
 *   npm run ca:ceremony -w @tawqi/server -- --operator "Name"
 *     makes the root's and the issuing CA's keys in the module (HSM_*), their certificates and the
 *     OCSP responder's, on a database with no authority yet (production's first step; demo mode
 *     holds it itself on first start);
 *   npm run ca:rollover -w @tawqi/server -- tsa|ocsp|esign|issuing --operator "Name"
 *     gives the time-stamping authority, the OCSP responder or the eSign service a new key and
 *     certificate; or, with the root brought online, has it certify a new generation of the
 *     issuing CA (new delegates under it); what the old keys signed still validates;
 *   npm run ca:arl -w @tawqi/server -- --operator "Name"
 *     with the root brought online, signs its revocation list for the CAs under it, good for a
 *     year (CA_ROOT_OFFLINE servers serve it and never load the root's key).
 *
 * Either prints the record of what was made — time, operator, module, and for each key its label,
 * certificate, serial and SHA-256 fingerprints — and writes it to the audit log. Exits 0 when done,
 * 1 when refused, 2 when it could not run.
 */
import { parseArgs } from 'node:util';
import { openConfiguredVault } from '../adapters/hsm/softHsm.js';
import { deriveKeys } from '../keys.js';
import { createAuditLog } from '../modules/audit/log.js';
import { loadAuthority, type DelegateName } from '../modules/pki/authority.js';
import { holdKeyCeremony } from '../modules/pki/ceremony.js';
import * as x509 from '../modules/pki/x509.js';
import { printedRecord } from './ceremonyRecord.js';
import { toolConfig, toolDatabase } from './database.js';

const ROLLED: readonly (DelegateName | 'issuing')[] = ['tsa', 'ocsp', 'esign', 'issuing'];

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: { operator: { type: 'string' } },
    allowPositionals: true,
  });
  const [command, name] = positionals;
  const operator = values.operator?.trim();
  if (!operator || !['ceremony', 'rollover', 'arl'].includes(command ?? '')) {
    console.error(
      'usage: caKeys ceremony|arl --operator "<name>"  |  caKeys rollover tsa|ocsp|esign|issuing --operator "<name>"',
    );
    return 2;
  }
  if (command === 'rollover' && !ROLLED.includes(name as DelegateName)) {
    console.error(`a rollover names one of ${ROLLED.join(', ')}`);
    return 2;
  }
  const config = toolConfig();
  if (!config) return 2;
  const { pool, close } = await toolDatabase(config);
  const vault = openConfiguredVault({ ...config.hsm, dataDir: config.DATA_DIR });
  const clock = () => new Date();
  const options = {
    pool,
    config,
    vault,
    clock,
    audit: createAuditLog({ keys: deriveKeys(config.secrets), clock }),
  };
  try {
    if (command === 'ceremony') {
      console.log(printedRecord('Key ceremony', await holdKeyCeremony(options, operator)));
    } else if (command === 'arl') {
      const arl = new x509.X509Crl(new Uint8Array(await (await loadAuthority(options)).signArl()));
      console.log(
        `ARL signed by ${arl.issuer} for ${operator}: this update ${arl.thisUpdate.toISOString()}, next update ${arl.nextUpdate?.toISOString() ?? '(none)'}`,
      );
    } else {
      const authority = await loadAuthority(options);
      const record = await authority.rollOver(name as DelegateName | 'issuing', operator);
      console.log(printedRecord(`Key rollover: ${String(name)}`, record));
    }
    return 0;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  } finally {
    vault.close();
    await close();
  }
}

process.exit(await main());
