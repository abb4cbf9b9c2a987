/**
 * The key ceremony and key rollover (issue 40). Production makes no authority on first start: an
 * operator holds the ceremony (`npm run ca:ceremony`), which makes the root's and the issuing CA's
 * keys in the module and prints a record of what was made; the audit log keeps it. A rollover
 * (`npm run ca:rollover`) gives the TSA, the OCSP responder or the eSign service a new key: what
 * the old key signed still validates, what is signed after chains to the new one, and another
 * server picks the new key up within a minute.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openVault } from '../src/adapters/hsm/pkcs11.js';
import { ensureSoftHsmToken, findSoftHsm } from '../src/adapters/hsm/softHsm.js';
import { loadConfig } from '../src/config.js';
import { deriveKeys } from '../src/keys.js';
import { createAuditLog } from '../src/modules/audit/log.js';
import { signDetached } from '../src/modules/pki/cms.js';
import { issuingCaOf, loadAuthority } from '../src/modules/pki/authority.js';
import { holdKeyCeremony } from '../src/modules/pki/ceremony.js';
import { printedRecord } from '../src/tools/ceremonyRecord.js';
import * as x509 from '../src/modules/pki/x509.js';
import { productionEnv, separateDatabase, serviceSigner, startHarness } from './harness.js';
import { freshPerson } from './world.js';
import { ACCEPTED_EVERYWHERE, opensslKit } from './openssl.js';

const h = await startHarness();
// OpenSSL checks times against the real clock.
h.clock.now = new Date();
const { checkSignature } = opensslKit(h, 'tawqi-ceremony');

/** The authority as another server on the same database and module loads it. */
const anotherServer = () =>
  loadAuthority({
    pool: h.pool,
    config: h.deps.config,
    vault: h.deps.vault,
    audit: h.deps.audit,
    clock: () => h.clock.now,
  });

describe('the key ceremony', () => {
  it('makes the authority on a new database, prints what it made, and is refused on one that has one', async () => {
    const pool = await separateDatabase();
    ensureSoftHsmToken(findSoftHsm(), 'ceremony', 'ceremony-pin');
    const vault = openVault({ module: findSoftHsm(), token: 'ceremony', pin: 'ceremony-pin' });
    const config = loadConfig(productionEnv('ceremony', 'ceremony-pin'));
    let now = new Date('2026-11-28T08:00:00.000Z');
    const clock = () => now;
    const options = {
      pool,
      config,
      vault,
      clock,
      audit: createAuditLog({ keys: deriveKeys(config.secrets), clock }),
    };
    // Production does not make an authority by itself.
    await expect(loadAuthority(options)).rejects.toThrow(/hold the key ceremony first/);

    const record = await holdKeyCeremony(options, 'Huda Al-Shammari');
    expect(record).toMatchObject({
      at: new Date('2026-11-28T08:00:00.000Z'),
      operator: 'Huda Al-Shammari',
      module: expect.stringMatching(/SoftHSM.*token "ceremony"/),
    });
    expect(record.members.map((member) => member.name)).toEqual(['root', 'issuing', 'ocsp']);

    // The record's fingerprints are those of the certificates the authority now serves.
    const authority = await loadAuthority(options);
    for (const [member, certificate] of [
      [record.members[0], authority.root],
      [record.members[1], authority.issuing],
    ] as const) {
      expect(member?.serial).toBe(certificate.serialNumber.toUpperCase());
      expect(member?.certificateSha256).toBe(
        createHash('sha256')
          .update(new Uint8Array(certificate.rawData))
          .digest('hex')
          .toUpperCase(),
      );
      expect(member?.keyLabel).toMatch(new RegExp(`^${member?.name ?? ''}-`));
      expect(await vault.find(member?.keyLabel ?? '')).not.toBeNull();
    }
    const printed = printedRecord('Key ceremony', record);
    expect(printed).toContain('operator  Huda Al-Shammari');
    expect(printed).toContain(
      `certificate SHA-256       ${record.members[0]?.certificateSha256 ?? ''}`,
    );

    // Held once: a second ceremony on the same database is refused, and nothing changes.
    await expect(holdKeyCeremony(options, 'Someone else')).rejects.toThrow(
      /has a certificate authority already/,
    );
    expect((await loadAuthority(options)).root.serialNumber).toBe(authority.root.serialNumber);
    const { rows } = await pool.query<{ detail: { operator: string } }>(
      "SELECT detail FROM audit_log WHERE action = 'ca.key-ceremony'",
    );
    expect(rows.map((row) => row.detail.operator)).toEqual(['Huda Al-Shammari']);

    // The root goes offline: its key leaves the server's module. A server that keeps it offline
    // issues, revokes and answers as before, and serves the ARL the ceremony signed, a month on.
    const rootLoads = async () =>
      (
        await pool.query(
          "SELECT 1 FROM audit_log WHERE action = 'ca.key-loaded' AND target = 'root'",
        )
      ).rowCount;
    // The ceremony loaded it once, to sign the first ARL while the root was here.
    expect(await rootLoads()).toBe(1);
    const rootLabel = record.members[0]?.keyLabel ?? '';
    vault.destroy(rootLabel);
    now = new Date('2026-12-28T08:00:00.000Z');
    const offline = { ...options, config: { ...config, CA_ROOT_OFFLINE: true } };
    const running = await loadAuthority(offline);
    const { certificate: issued } = await serviceSigner(
      { ...h, pool },
      await freshPerson({ ownerPool: pool, clock: h.clock }),
      running,
    );
    expect(await issued.verify({ publicKey: running.issuing.publicKey, signatureOnly: true })).toBe(
      true,
    );
    expect(await running.revoke(pool, issued.serialNumber.toUpperCase(), 1)).toBe(true);
    const arl = new x509.X509Crl(new Uint8Array(await running.currentArl()));
    expect(arl.thisUpdate).toEqual(new Date('2026-11-28T08:00:00.000Z'));
    expect(arl.nextUpdate).toEqual(new Date('2027-11-28T08:00:00.000Z'));
    expect(await arl.verify({ publicKey: running.root.publicKey })).toBe(true);
    // Nothing loaded the root's key since, and signing with it says the root is offline.
    expect(await rootLoads()).toBe(1);
    await expect(running.signArl()).rejects.toThrow(/the root is offline/);
    // …and so is a new generation of the issuing CA: refused before a key is made.
    const keysBefore = (await pool.query("SELECT 1 FROM audit_log WHERE action = 'ca.key-made'"))
      .rowCount;
    await expect(running.rollOver('issuing', 'Huda Al-Shammari')).rejects.toThrow(
      /the root is offline/,
    );
    expect(running.generations().map((one) => one.generation)).toEqual([1]);
    expect(
      (await pool.query("SELECT 1 FROM audit_log WHERE action = 'ca.key-made'")).rowCount,
    ).toBe(keysBefore);
    // A year on, the ARL has run out: the server says what to do rather than serve a stale one.
    now = new Date('2027-11-29T08:00:00.000Z');
    await expect(running.currentArl()).rejects.toThrow(/npm run ca:arl/);
    vault.close();
  });
});

describe('a key rollover', () => {
  it('gives the TSA a new key: old signatures still validate, new ones carry the new certificate', async () => {
    const { key: signerKey, certificate } = await serviceSigner(h, await freshPerson(h));
    const document = Buffer.from('%PDF-1.7 signed before and after the rollover');
    const sign = async () =>
      signDetached({
        digest: createHash('sha256').update(document).digest(),
        certificate,
        signer: signerKey,
        issuing: h.deps.authority.issuing,
        tsa: await h.deps.authority.timestamper(),
        now: new Date(),
      });
    const before = await sign();
    const oldTsa = await h.deps.authority.timestamper();
    // Another server, which has the TSA in memory already.
    const other = await anotherServer();
    expect((await other.timestamper()).certificate.serialNumber).toBe(
      oldTsa.certificate.serialNumber,
    );

    const record = await h.deps.authority.rollOver('tsa', 'Huda Al-Shammari');
    const newTsa = await h.deps.authority.timestamper();
    expect(newTsa.certificate.serialNumber).not.toBe(oldTsa.certificate.serialNumber);
    expect(record.members[0]).toMatchObject({
      name: 'tsa',
      serial: newTsa.certificate.serialNumber.toUpperCase(),
    });
    // A new key, certified by the issuing CA.
    expect(await newTsa.certificate.verify({ publicKey: h.deps.authority.issuing.publicKey })).toBe(
      true,
    );
    expect(Buffer.from(newTsa.certificate.publicKey.rawData)).not.toEqual(
      Buffer.from(oldTsa.certificate.publicKey.rawData),
    );

    // Before and after, both accepted as relying parties check them.
    const after = await sign();
    expect(await checkSignature(before, document, 'before')).toEqual(ACCEPTED_EVERYWHERE);
    expect(await checkSignature(after, document, 'after')).toEqual(ACCEPTED_EVERYWHERE);
    const tsaSerial = (cms: Buffer, serial: string) =>
      cms.includes(Buffer.from(serial.replace(/^(?:00)+/, ''), 'hex'));
    expect(tsaSerial(before, oldTsa.certificate.serialNumber)).toBe(true);
    expect(tsaSerial(after, newTsa.certificate.serialNumber)).toBe(true);
    expect(tsaSerial(after, oldTsa.certificate.serialNumber)).toBe(false);

    // The other server takes the new key once a minute has passed.
    expect((await other.timestamper()).certificate.serialNumber).toBe(
      oldTsa.certificate.serialNumber,
    );
    h.clock.advance(61_000);
    expect((await other.timestamper()).certificate.serialNumber).toBe(
      newTsa.certificate.serialNumber,
    );

    const { rows } = await h.pool.query<{ detail: Record<string, string> }>(
      "SELECT detail FROM audit_log WHERE action = 'ca.key-rolled'",
    );
    expect(rows.map((row) => row.detail)).toEqual([
      {
        operator: 'Huda Al-Shammari',
        from: oldTsa.certificate.serialNumber.toUpperCase(),
        to: newTsa.certificate.serialNumber.toUpperCase(),
      },
    ]);
    signerKey.discard();
  });
});

describe('an issuing CA rollover', () => {
  it('has the root certify a new generation: what the old one issued still validates and is answered for, new certificates chain to the new key', async () => {
    // OpenSSL checks times against the real clock (the TSA's rollover above moved this one on).
    h.clock.now = new Date();
    const authority = h.deps.authority;
    const document = Buffer.from('%PDF-1.7 signed before and after the issuing CA rollover');
    const sign = async (by: Awaited<ReturnType<typeof serviceSigner>>) =>
      signDetached({
        digest: createHash('sha256').update(document).digest(),
        certificate: by.certificate,
        signer: by.key,
        issuing: (await issuingCaOf(authority, by.certificate)).certificate,
        tsa: await authority.timestamper(),
        now: h.clock.now,
      });
    const before = await serviceSigner(h, await freshPerson(h));
    const signedBefore = await sign(before);
    const g1 = authority.issuing;
    const firstKit = opensslKit(h, 'tawqi-issuing-g1');
    const other = await anotherServer();

    const record = await authority.rollOver('issuing', 'Huda Al-Shammari');
    expect(record.members.map((member) => member.name)).toEqual([
      'issuing',
      'ocsp',
      'tsa',
      'esign',
    ]);
    const g2 = authority.issuing;
    expect(record.members[0]?.serial).toBe(g2.serialNumber.toUpperCase());
    expect(g1.subject).toMatch(/Document Signing CA G1$/);
    expect(g2.subject).toMatch(/Document Signing CA G2$/);
    expect(await g2.verify({ publicKey: authority.root.publicKey })).toBe(true);
    expect(Buffer.from(g2.publicKey.rawData)).not.toEqual(Buffer.from(g1.publicKey.rawData));
    expect(authority.generations().map((one) => one.generation)).toEqual([1, 2]);
    // The delegates were made anew under the new generation.
    for (const member of [
      await authority.responder(),
      await authority.timestamper(),
      await authority.esignService(),
    ])
      expect(await member.certificate.verify({ publicKey: g2.publicKey })).toBe(true);

    // New certificates come from the new key and point at its own certificate and CRL.
    const after = await serviceSigner(h, await freshPerson(h));
    expect(after.certificate.issuer).toBe(g2.subject);
    expect(await after.certificate.verify({ publicKey: g2.publicKey, signatureOnly: true })).toBe(
      true,
    );
    const pointers = after.certificate.getExtension(x509.AuthorityInfoAccessExtension);
    expect(pointers?.caIssuers.map((name) => name.value)).toEqual([
      `${h.deps.config.publicOrigin}/pki/issuing-g2.crt`,
    ]);
    expect(
      after.certificate
        .getExtension(x509.CRLDistributionPointsExtension)
        ?.distributionPoints.map(
          (point) => point.distributionPoint?.fullName?.[0]?.uniformResourceIdentifier,
        ),
    ).toEqual([`${h.deps.config.publicOrigin}/pki/issuing-g2.crl`]);
    const signedAfter = await sign(after);
    const secondKit = opensslKit(h, 'tawqi-issuing-g2');

    // Both signatures pass every relying party's check, each against its own generation's chain.
    expect(await firstKit.checkSignature(signedBefore, document, 'before')).toEqual(
      ACCEPTED_EVERYWHERE,
    );
    expect(await secondKit.checkSignature(signedAfter, document, 'after')).toEqual(
      ACCEPTED_EVERYWHERE,
    );

    // Each generation is published at its own address; the first at issue 18's.
    const get = async (path: string) => {
      const response = await fetch(h.baseUrl + path);
      return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
    };
    expect((await get('/pki/issuing.crt')).body).toEqual(Buffer.from(g1.rawData));
    expect((await get('/pki/issuing-g2.crt')).body).toEqual(Buffer.from(g2.rawData));
    expect((await get('/pki/issuing-g3.crt')).status).toBe(404);
    const repository = await h.call('GET', '/api/v1/pki/repository');
    expect(
      repository.body.authorities.map((row: { role: string; url: string }) => [
        row.role,
        row.url.replace(h.deps.config.publicOrigin, ''),
      ]),
    ).toEqual([
      ['root', '/pki/root.crt'],
      ['issuing', '/pki/issuing-g2.crt'],
      ['issuing', '/pki/issuing.crt'],
    ]);
    expect(repository.body.crlUrl).toMatch(/\/pki\/issuing-g2\.crl$/);

    // OCSP answers for both: the old generation signs its own answers, the new one's responder
    // for the new; OpenSSL checks each against its chain.
    const beforeFile = firstKit.file('before.pem', before.certificate.toString('pem'));
    const afterFile = secondKit.file('after.pem', after.certificate.toString('pem'));
    const oldAnswer = await firstKit.ocsp(beforeFile);
    expect(oldAnswer).toMatch(/Response verify OK/);
    expect(oldAnswer).toMatch(/before\.pem: good/);
    const newAnswer = await secondKit.ocsp(afterFile);
    expect(newAnswer).toMatch(/Response verify OK/);
    expect(newAnswer).toMatch(/after\.pem: good/);

    // Revoking what the old generation issued puts it on the old generation's CRL, signed by
    // the old key, and not on the new one's.
    expect(await authority.revoke(h.pool, before.certificate.serialNumber.toUpperCase(), 1)).toBe(
      true,
    );
    const crlOf = async (path: string) => new x509.X509Crl(new Uint8Array((await get(path)).body));
    const oldCrl = await crlOf('/pki/issuing.crl');
    const newCrl = await crlOf('/pki/issuing-g2.crl');
    expect(oldCrl.issuer).toBe(g1.subject);
    expect(await oldCrl.verify({ publicKey: g1.publicKey })).toBe(true);
    expect(oldCrl.findRevoked(before.certificate.serialNumber)).not.toBeNull();
    expect(newCrl.issuer).toBe(g2.subject);
    expect(await newCrl.verify({ publicKey: g2.publicKey })).toBe(true);
    expect(newCrl.findRevoked(before.certificate.serialNumber)).toBeNull();
    expect(await firstKit.ocsp(beforeFile)).toMatch(/before\.pem: revoked/);

    const { rows } = await h.pool.query<{ target: string; detail: Record<string, string> }>(
      "SELECT target, detail FROM audit_log WHERE action = 'ca.key-rolled' ORDER BY audit_slno",
    );
    expect(rows.slice(-4).map((row) => [row.target, row.detail.operator])).toEqual([
      ['issuing', 'Huda Al-Shammari'],
      ['ocsp', 'Huda Al-Shammari'],
      ['tsa', 'Huda Al-Shammari'],
      ['esign', 'Huda Al-Shammari'],
    ]);

    // Another server issues from the new generation once a minute has passed.
    expect(other.issuing.serialNumber).toBe(g1.serialNumber);
    h.clock.advance(61_000);
    const fromOther = await serviceSigner(h, await freshPerson(h), other);
    expect(fromOther.certificate.issuer).toBe(g2.subject);
    expect(other.issuing.serialNumber).toBe(g2.serialNumber);
    for (const signer of [before, after, fromOther]) signer.key.discard();
  });
});
