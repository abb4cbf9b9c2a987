// What the eSign benchmarks share (bench/esign.mjs, bench/verify.mjs): the built server's own
// authority read from its database, a signer's certificate for Sara, and a registered application
// with the client an application would use.
import { exportSPKI, generateKeyPair } from 'jose';
import { openConfiguredVault } from '../dist/adapters/hsm/softHsm.js';
import { createEsignClient } from '../dist/adapters/esignApp/client.js';
import { loadConfig } from '../dist/config.js';
import { deriveKeys } from '../dist/keys.js';
import { createAuditLog } from '../dist/modules/audit/log.js';
import { registerApplication } from '../dist/modules/esign/applications.js';
import { loadAuthority } from '../dist/modules/pki/authority.js';
import * as x509 from '../dist/modules/pki/x509.js';

/**
 * The authority of the built server whose database `pool` reaches and whose DATA_DIR is `dataDir`
 * (its keys are in that folder's SoftHSM token), a signer's key made there and its certificate.
 */
export async function benchSigner(pool, dataDir) {
  const config = loadConfig({ TAWQI_MODE: 'demo', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  const vault = openConfiguredVault({ ...config.hsm, dataDir });
  const clock = () => new Date();
  // The bench signs with the server's CA: its key uses go to the server's audit log.
  const audit = createAuditLog({ keys: deriveKeys(config.secrets), clock });
  const authority = await loadAuthority({ pool, config, vault, clock, audit });
  const signer = await vault.generateForSession('P-256');
  const [sara] = (
    await pool.query("SELECT user_slno, national_id FROM users WHERE username = 'sara'")
  ).rows;
  const certificate = await authority.issue(pool, {
    publicKey: await x509.PublicKey.create(signer.publicKey),
    name: { nameEnglish: 'Bench Signer', nationalId: sara.national_id },
    level: 'identityApp',
    months: 0,
    minutes: 60,
    userSlno: sara.user_slno,
    orgSlno: null,
    class: 'individual',
  });
  return { authority, signer, certificate, sara, vault };
}

/** An application registered under an L1 provider for individuals, and its client. */
export async function benchApplication(pool, baseUrl, clientId) {
  const appKeys = await generateKeyPair('ES256');
  const [provider] = (
    await pool.query("SELECT sip_slno FROM service_providers WHERE level = 'L1' LIMIT 1")
  ).rows;
  await registerApplication(
    pool,
    {
      clientId,
      sipSlno: provider.sip_slno,
      orgSlno: null,
      nameEnglish: 'Bench application',
      nameArabic: 'تطبيق القياس',
      credential: { kind: 'publicKey', pem: await exportSPKI(appKeys.publicKey) },
      returnOrigins: ['https://bench.example'],
      webhookUrl: null,
    },
    new Date(),
  );
  return createEsignClient({
    baseUrl,
    clientId,
    privateKey: appKeys.privateKey,
    algorithm: 'ES256',
  });
}
