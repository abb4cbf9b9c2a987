/**
 * Every certificate the authority makes, held field by field to the "Certificate profiles" table
 * of the certificate authority's README (src/modules/pki: RFC 5280 and ETSI EN 319 412 as a linter reads
 * them): the root and issuing CA, the OCSP responder, the TSA, the eSign service, a person's, an
 * organization signatory's, a seal's and a one-hour signer's — and the same three subscribers'
 * again when configuration says the service is qualified. Beside the table, what a linter checks
 * of any certificate: strict DER, a positive serial of at most 20 octets, the issuer's key id,
 * whole-second validity, PrintableString where X.520 asks for it, no mixed key usage.
 */
import { readFileSync } from 'node:fs';
import { webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import { AsnConvert } from '@peculiar/asn1-schema';
import { Name as AsnName } from '@peculiar/asn1-x509';
import { QCStatements } from '@peculiar/asn1-x509-qualified';
import { PdsLocations, QcType } from '@peculiar/asn1-x509-qualified-etsi';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { loadAuthority, type Authority, type IssueOrder } from '../src/modules/pki/authority.js';
import { KEY_USAGE_NAMES, nameParts, nationalIdOf, OID } from '../src/modules/pki/profiles.js';
import * as x509 from '../src/modules/pki/x509.js';
import { startHarness } from './harness.js';
import { freshPerson } from './world.js';

const h = await startHarness();
/** The subscriber the certificates name: a person of this test's own. */
const subscriber = await freshPerson(h);

const NAMES: Record<string, string> = {
  '2.5.29.32.0': 'anyPolicy',
  '1.3.6.1.5.5.7.3.36': 'documentSigning',
  '1.3.6.1.5.5.7.3.4': 'emailProtection',
  '1.3.6.1.4.1.311.10.3.12': 'msDocumentSigning',
  '1.2.840.113583.1.1.5': 'adobeAuthenticDocuments',
  '1.3.6.1.5.5.7.3.8': 'timeStamping',
  '1.3.6.1.5.5.7.3.9': 'OCSPSigning',
  '0.4.0.1862.1.1': 'QcCompliance',
  '0.4.0.1862.1.4': 'QcSSCD',
  '0.4.0.1862.1.5': 'QcPDS',
  '0.4.0.1862.1.6': 'QcType',
  '0.4.0.1862.1.6.1': 'esign',
  '0.4.0.1862.1.6.2': 'eseal',
  '0.4.0.194112.1.0': 'QCP-n',
  '0.4.0.194112.1.1': 'QCP-l',
  '2.5.4.6': 'C',
  '2.5.4.10': 'O',
  '2.5.4.3': 'CN',
  '2.5.4.5': 'serialNumber',
  '2.5.4.42': 'givenName',
  '2.5.4.4': 'surname',
  '2.5.4.97': 'organizationIdentifier',
};
const POLICY_NAMES: Record<string, string> = {
  '.1.1': 'identityApp',
  '.1.3': 'organizationSignatory',
  '.1.4': 'organizationSeal',
};
const nameOf = (oid: string) =>
  NAMES[oid] ??
  Object.entries(POLICY_NAMES).find(
    ([tail]) => oid.endsWith(tail) && oid.startsWith('2.25.'),
  )?.[1] ??
  oid;

const critical = (extension: x509.Extension) => (extension.critical ? ' (critical)' : '');

/** A certificate as the README's table says it, one cell per field. */
function describeCertificate(certificate: x509.X509Certificate): Record<string, string> {
  const basic = certificate.getExtension(x509.BasicConstraintsExtension);
  const usage = certificate.getExtension(x509.KeyUsagesExtension);
  const purposes = certificate.getExtension(x509.ExtendedKeyUsageExtension);
  const policies = certificate.getExtension(x509.CertificatePolicyExtension);
  const access = certificate.getExtension(x509.AuthorityInfoAccessExtension);
  const crl = certificate.getExtension(x509.CRLDistributionPointsExtension);
  const statements = certificate.getExtension('1.3.6.1.5.5.7.1.3');
  const subject = AsnConvert.parse(certificate.subjectName.toArrayBuffer(), AsnName);
  const counted = new Map<string, number>();
  for (const rdn of subject)
    for (const attribute of rdn) {
      const value = attribute.value.toString();
      const name =
        attribute.type === OID.serialNumber
          ? `serialNumber ${value.replace(/\d+$/, '…')}`
          : attribute.type === OID.organizationIdentifier
            ? `organizationIdentifier ${value.replace(/\d+$/, '…')}`
            : nameOf(attribute.type);
      counted.set(name, (counted.get(name) ?? 0) + 1);
    }
  return {
    'basic constraints': basic
      ? `${basic.ca ? (basic.pathLength === undefined ? 'CA' : `CA, path length ${String(basic.pathLength)}`) : 'not a CA'}${critical(basic)}`
      : '—',
    'key usage': usage
      ? `${KEY_USAGE_NAMES.filter(([flag]) => usage.usages & flag)
          .map(([, name]) => name)
          .join(', ')}${critical(usage)}`
      : '—',
    'extended key usage': purposes
      ? `${purposes.usages.map((oid) => nameOf(String(oid))).join(', ')}${critical(purposes)}`
      : '—',
    'certificate policies': policies ? policies.policies.map(nameOf).join(', ') : '—',
    subject: [...counted]
      .map(([name, count]) => (count > 1 ? `${name} ×${String(count)}` : name))
      .join(', '),
    'authority information access': access
      ? [access.ocsp.length ? 'ocsp' : '', access.caIssuers.length ? 'caIssuers' : '']
          .filter(Boolean)
          .join(', ')
      : '—',
    'CRL distribution point': crl ? (crl.distributionPoints.length ? 'yes' : '—') : '—',
    'OCSP no check': certificate.getExtension(OID.ocspNoCheck) ? 'yes' : '—',
    qcStatements: statements ? describeStatements(statements.value) : '—',
  };
}

function describeStatements(der: ArrayBuffer): string {
  return AsnConvert.parse(der, QCStatements)
    .map((statement) => {
      const name = nameOf(statement.statementId);
      if (name === 'QcType')
        return `QcType ${AsnConvert.parse(statement.statementInfo, QcType).map(nameOf).join(', ')}`;
      if (name === 'QcPDS')
        return `QcPDS ${AsnConvert.parse(statement.statementInfo, PdsLocations)
          .map((location) => location.language)
          .join(' + ')}`;
      return name;
    })
    .join(', ');
}

/** The README's table: field → profile → cell. */
function readmeTable(): Map<string, Map<string, string>> {
  const readme = readFileSync(new URL('../src/modules/pki/README.md', import.meta.url), 'utf8');
  const section = readme.split('## Certificate profiles')[1]?.split('\n## ')[0] ?? '';
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim().replace(/`/g, '')),
    );
  const [header, ...body] = rows;
  if (!header) throw new Error('the README has no certificate profiles table');
  const table = new Map<string, Map<string, string>>();
  for (const [field, ...cells] of body)
    table.set(field ?? '', new Map(header.slice(1).map((profile, i) => [profile, cells[i] ?? ''])));
  return table;
}

const newKey = async () =>
  (await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign']))
    .publicKey;

/** The three subscribers' certificates (and a one-hour signer's) from `authority`. */
async function subscribers(authority: Authority) {
  const sara = subscriber;
  const order = async (name: IssueOrder['name'], level: IssueOrder['level'], minutes?: number) =>
    authority.issue(h.pool, {
      publicKey: await x509.PublicKey.create(await newKey()),
      name,
      level,
      months: 12,
      ...(minutes ? { minutes } : {}),
      userSlno: sara.userSlno,
      orgSlno: null,
      class: 'individual',
    });
  const person = {
    nameEnglish: 'Sara Mohammed Al-Qahtani',
    nameArabic: 'سارة محمد القحطاني',
    nationalId: sara.nationalId,
  };
  const organization = { name: 'Riyadh Trading Co', crNumber: '1010123456' };
  return {
    person: await order(person, 'identityApp'),
    'organization signatory': await order({ ...person, organization }, 'organizationSignatory'),
    seal: await order({ seal: organization }, 'organizationSeal'),
    'one-hour signer': await order(person, 'identityApp', 60),
  };
}

async function everyProfile(): Promise<Record<string, x509.X509Certificate>> {
  const authority = h.deps.authority;
  return {
    'root CA': authority.root,
    'issuing CA': authority.issuing,
    'OCSP responder': (await authority.responder()).certificate,
    TSA: (await authority.timestamper()).certificate,
    'eSign service': (await authority.esignService()).certificate,
    ...(await subscribers(authority)),
  };
}

describe('the certificate profiles', () => {
  it('are what the server README’s table says, field by field', async () => {
    const table = readmeTable();
    expect([...table.keys()]).toEqual([
      'basic constraints',
      'key usage',
      'extended key usage',
      'certificate policies',
      'subject',
      'authority information access',
      'CRL distribution point',
      'OCSP no check',
      'qcStatements',
      'qcStatements (CA_QUALIFIED=true)',
    ]);
    const made = await everyProfile();
    for (const [profile, certificate] of Object.entries(made)) {
      const described = describeCertificate(certificate);
      for (const [field, value] of Object.entries(described))
        expect(`${profile}: ${field}: ${value}`).toBe(
          `${profile}: ${field}: ${table.get(field)?.get(profile) ?? '(not in the table)'}`,
        );
    }

    // Configured as qualified, with ETSI's policy after ours: the subscribers' certificates carry
    // the statements (never QcSSCD: keys are made in browsers) and the extra policy.
    const qualifiedConfig = loadConfig({
      TAWQI_MODE: 'demo',
      CA_QUALIFIED: 'true',
      CA_EXTRA_POLICIES: '0.4.0.194112.1.0',
    });
    const qualified = await loadAuthority({
      pool: h.pool,
      config: { ...h.deps.config, caProfile: qualifiedConfig.caProfile },
      vault: h.deps.vault,
      audit: h.deps.audit,
      clock: () => h.clock.now,
    });
    for (const [profile, certificate] of Object.entries(await subscribers(qualified))) {
      const described = describeCertificate(certificate);
      expect(`${profile}: ${described.qcStatements}`).toBe(
        `${profile}: ${table.get('qcStatements (CA_QUALIFIED=true)')?.get(profile) ?? ''}`,
      );
      expect(described['certificate policies']).toMatch(/, QCP-n$/);
    }
  });

  it('pass what a linter checks of any certificate', async () => {
    const made = await everyProfile();
    const byKeyId = new Map(
      Object.values(made).map((certificate) => [
        Buffer.from(
          certificate.getExtension(x509.SubjectKeyIdentifierExtension)?.keyId ?? '',
          'hex',
        ).toString('hex'),
        certificate,
      ]),
    );
    for (const [profile, certificate] of Object.entries(made)) {
      const der = Buffer.from(certificate.rawData);
      // Strict DER: read and written again, the same bytes.
      const parsed = asn1js.fromBER(der);
      expect(parsed.offset, profile).toBe(der.length);
      expect(Buffer.from(parsed.result.toBER(false)).equals(der), profile).toBe(true);
      // A positive serial of at most 20 octets.
      const serial = Buffer.from(certificate.serialNumber, 'hex');
      expect(serial.length, profile).toBeLessThanOrEqual(20);
      expect((serial[0] ?? 0) & 0x80, profile).toBe(0);
      // Whole seconds.
      expect(certificate.notBefore.getMilliseconds(), profile).toBe(0);
      expect(certificate.notAfter.getMilliseconds(), profile).toBe(0);
      // The issuer's key id is the issuer's own (the root names itself).
      const aki = certificate.getExtension(x509.AuthorityKeyIdentifierExtension);
      if (profile !== 'root CA') {
        const issuer = byKeyId.get(aki?.keyId ?? '');
        expect(issuer?.subject, profile).toBe(certificate.issuer);
      }
      // Country and serialNumber as PrintableString (X.520), the rest PrintableString or UTF8.
      for (const rdn of AsnConvert.parse(certificate.subjectName.toArrayBuffer(), AsnName))
        for (const attribute of rdn) {
          const kind =
            attribute.value.printableString !== undefined
              ? 'printable'
              : attribute.value.utf8String !== undefined
                ? 'utf8'
                : 'other';
          if (attribute.type === '2.5.4.6' || attribute.type === OID.serialNumber)
            expect(`${profile} ${attribute.type} ${kind}`).toBe(
              `${profile} ${attribute.type} printable`,
            );
          else expect(kind, `${profile} ${attribute.type}`).not.toBe('other');
        }
      // No mixed key usage: a signing certificate commits to content and does nothing else; a CA
      // signs certificates and CRLs only.
      const usage = certificate.getExtension(x509.KeyUsagesExtension)?.usages ?? 0;
      const signs = usage & (x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign);
      if (signs) expect(usage & ~signs, profile).toBe(0);
      if (usage & x509.KeyUsageFlags.nonRepudiation)
        expect(usage, profile).toBe(x509.KeyUsageFlags.nonRepudiation);
    }
  });

  it('name a person by givenName and surname in both languages, the national id with its semantics', async () => {
    const { person } = await subscribers(h.deps.authority);
    const values = AsnConvert.parse(person.subjectName.toArrayBuffer(), AsnName).flatMap((rdn) =>
      rdn.map((attribute) => `${nameOf(attribute.type)}=${attribute.value.toString()}`),
    );
    const sara = subscriber;
    expect(values).toEqual([
      'C=SA',
      `serialNumber=PNOSA-${sara.nationalId}`,
      'givenName=Sara',
      'givenName=سارة',
      'surname=Al-Qahtani',
      'surname=القحطاني',
      'CN=Sara Mohammed Al-Qahtani',
    ]);
    expect(nationalIdOf(`PNOSA-${sara.nationalId}`)).toBe(sara.nationalId);
    expect(nationalIdOf(sara.nationalId)).toBe(sara.nationalId);
    expect(nationalIdOf('IDCSA-1')).toBeNull();
    // Family names that begin with a particle keep it.
    expect(nameParts('Faisal bin Abdullah Al Saud')).toEqual({
      given: 'Faisal',
      surname: 'Al Saud',
    });
    expect(nameParts('عبدالله بن سعد آل سعود')).toEqual({ given: 'عبدالله', surname: 'آل سعود' });
    expect(nameParts('Noura')).toEqual({ given: 'Noura', surname: null });
  });
});
