// What the eSign benchmarks share (bench/esign.mjs, bench/verify.mjs): the built server's own
// authority read from its database, a signer's certificate for Sara, and a registered application
// with the client an application would use.
import { exportSPKI, generateKeyPair } from 'jose';
import { openConfiguredVault } from '../dist/adapters/hsm/softHsm.js';
import { createEsignClient } from '../dist/demo/esignApp/client.js';
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

/**
 * The calls a benchmark makes to its server as one device: `call` posts JSON (with a session's
 * token when given) and throws on an answer that is not 2xx; `signInAsSara` signs Sara (Enrolment
 * Admin of 314) in with her demo password and the code the demo outbox received.
 */
export function benchCalls(baseUrl, device) {
  async function call(path, body, token) {
    const response = await fetch(`${baseUrl}/${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-device-id': device,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`${path}: ${String(response.status)} ${await response.text()}`);
    return response;
  }
  async function signInAsSara() {
    const { otpReference } = await (
      await call('api/v1/auth/credentials/login/initiate', {
        username: 'sara',
        password: 'Tawqi-demo-2026',
      })
    ).json();
    const outbox = await (await fetch(`${baseUrl}/dev/outbox`)).json();
    const otp = /\d{6}/.exec(outbox.messages[0]?.body ?? '')?.[0];
    const answer = await (
      await call('api/v1/auth/credentials/login/verifyOTP', { otpReference, otp })
    ).json();
    return answer.session.token;
  }
  return { call, signInAsSara };
}

/** An application asks to sign one PDF for a signer; a refusal throws. */
export async function askToSignPdf(client, txnId, nationalId, pdf) {
  const asked = await client.requestSigning({
    txnId,
    timestamp: new Date().toISOString(),
    signer: { nationalId },
    consent: true,
    returnUrl: 'https://bench.example/back',
    documents: [{ kind: 'pdf', name: 'contract.pdf', content: pdf.toString('base64') }],
  });
  if (asked.status !== 202) throw new Error(`request: ${JSON.stringify(asked.body)}`);
  return asked;
}

/** The person, on the simulated identity app's phone page: picks the number the request shows. */
export async function approveOnPhone(baseUrl, nationalId, number) {
  const phone = await (
    await fetch(`${baseUrl}/simulators/nafath/phone?nationalId=${nationalId}`)
  ).text();
  const transId = [...phone.matchAll(/name="transId" value="([^"]+)"/g)].at(-1)?.[1];
  await fetch(`${baseUrl}/simulators/nafath/phone/answer`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ transId: transId ?? '', nationalId, choice: number }),
    redirect: 'manual',
  });
}
