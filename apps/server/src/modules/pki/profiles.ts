/**
 * What the authority's certificates say: names, object identifiers, and the extensions of each
 * kind (RFC 5280; the document-signing purposes of RFC 9336 and of the two readers most documents
 * are opened in; the OCSP responder's of RFC 6960; ETSI EN 319 412-1/-2/-3/-5 for the people's,
 * organizations' and seals' certificates). The server README's "Certificate profiles" table says
 * the same, field by field, and test/profiles.test.ts holds each certificate to it.
 */
import { randomBytes } from 'node:crypto';
import { AsnConvert } from '@peculiar/asn1-schema';
import { QCStatement, QCStatements, id_pe_qcStatements } from '@peculiar/asn1-x509-qualified';
import {
  PdsLocation,
  QcEuPDS,
  QcType,
  id_etsi_qcs_qcCompliance,
  id_etsi_qcs_qcPDS,
  id_etsi_qcs_qcType,
  id_etsi_qct_eseal,
  id_etsi_qct_esign,
} from '@peculiar/asn1-x509-qualified-etsi';
import * as x509 from './x509.js';

/**
 * Tawqi's object-identifier arc: a UUID arc (ITU-T X.667, 2.25), which needs no registration and
 * cannot collide. Policies sit under `.1`. A deployment with an IANA enterprise number may move
 * to it; the policy words on the repository page name the OIDs from here.
 */
export const TAWQI_ARC = '2.25.101498985031927364846885227956682334528';

/** The assurance levels, one certificate policy each: how the holder's identity was confirmed. */
export const CERTIFICATE_POLICIES = {
  /** Confirmed in the national identity app. */
  identityApp: `${TAWQI_ARC}.1.1`,
  /** Signed in with credentials and a one-time code. */
  credentials: `${TAWQI_ARC}.1.2`,
  /** An organization's signatory, approved by its enrolment admin, confirmed in the identity app. */
  organizationSignatory: `${TAWQI_ARC}.1.3`,
  /**
   * An organization's seal: the organization itself, asked for by its authorized signatory,
   * approved by another enrolment admin, confirmed by the signatory in the identity app.
   */
  organizationSeal: `${TAWQI_ARC}.1.4`,
} as const;
export type AssuranceLevel = keyof typeof CERTIFICATE_POLICIES;

/** The time-stamping authority's policy (RFC 3161 TSTInfo.policy), under the same arc. */
export const TSA_POLICY = `${TAWQI_ARC}.2.1`;

export const OID = {
  documentSigning: '1.3.6.1.5.5.7.3.36',
  emailProtection: '1.3.6.1.5.5.7.3.4',
  timeStamping: '1.3.6.1.5.5.7.3.8',
  microsoftDocumentSigning: '1.3.6.1.4.1.311.10.3.12',
  adobeAuthenticDocuments: '1.2.840.113583.1.1.5',
  ocspSigning: '1.3.6.1.5.5.7.3.9',
  ocspNoCheck: '1.3.6.1.5.5.7.48.1.5',
  anyPolicy: '2.5.29.32.0',
  serialNumber: '2.5.4.5',
  givenName: '2.5.4.42',
  surname: '2.5.4.4',
  organizationIdentifier: '2.5.4.97',
} as const;

/**
 * A person's serialNumber in the subject: the ETSI semantics identifier of a national personal
 * number, "PNO" + country + "-" + the number (EN 319 412-1 §5.1.3), which a validator reads as
 * "the Saudi national id 1000000008" rather than as a bare string.
 */
export const personSerialNumber = (nationalId: string) => `PNOSA-${nationalId}`;

/** The national id a serialNumber of ours names (certificates issued before the ETSI profiles name the bare number). */
export function nationalIdOf(serialNumber: string | undefined): string | null {
  const match = /^(?:PNOSA-)?(\d{10})$/.exec(serialNumber ?? '');
  return match?.[1] ?? null;
}

/** Words that begin a family name rather than end the given ones ("Al Saud", "بن لادن"). */
const NAME_PARTICLES = new Set([
  'al',
  'el',
  'bin',
  'ibn',
  'bint',
  'abu',
  'آل',
  'بن',
  'ابن',
  'بنت',
  'أبو',
  'ابو',
]);

/**
 * A full name as the identity app gives it, as givenName and surname: the first word, and the
 * last with the particles before it. The identity app gives full names only, in both languages;
 * a one-word name is a givenName alone.
 */
export function nameParts(full: string): { given: string; surname: string | null } {
  const words = full.trim().split(/\s+/);
  const given = words[0] ?? full;
  if (words.length < 2) return { given, surname: null };
  let start = words.length - 1;
  while (start > 1 && NAME_PARTICLES.has((words[start - 1] ?? '').toLowerCase())) start -= 1;
  return { given, surname: words.slice(start).join(' ') };
}

/** Where the authority publishes, on this server (the AIA and CRL distribution point). */
export const PKI_PATHS = {
  root: '/pki/root.crt',
  issuing: '/pki/issuing.crt',
  crl: '/pki/issuing.crl',
  /** The root's revocation list for the CAs under it (an ARL). */
  arl: '/pki/root.crl',
  ocsp: '/pki/ocsp',
  tsa: '/pki/tsa',
} as const;

/** An issuing CA the root made, numbered from 1 (a rollover makes the next; see authority.ts). */
export interface IssuingCa {
  certificate: x509.X509Certificate;
  generation: number;
}

/**
 * Where an issuing CA's certificate and CRL are published: the first generation at the addresses
 * its certificates have named from the start, a later one at its own (…-g2), so that what an old
 * generation issued keeps finding its own issuer and CRL after a rollover.
 */
export function issuingPaths(generation: number): { certificate: string; crl: string } {
  if (generation === 1) return { certificate: PKI_PATHS.issuing, crl: PKI_PATHS.crl };
  return {
    certificate: `/pki/issuing-g${String(generation)}.crt`,
    crl: `/pki/issuing-g${String(generation)}.crl`,
  };
}

export interface CaNames {
  root: x509.JsonName;
  issuing: x509.JsonName;
  ocsp: x509.JsonName;
  tsa: x509.JsonName;
  esign: x509.JsonName;
}

/**
 * The authority's own names; in demo mode they say so, so that no one mistakes them. The issuing
 * CA's (and its responder's) name carries its generation: each rollover a new name, so that a
 * relying party never confuses two keys under one name.
 */
export function caNames(demo: boolean, issuingGeneration = 1): CaNames {
  const label = demo ? 'Tawqi Demo' : 'Tawqi';
  const organization = [{ C: ['SA'] }, { O: ['Tawqi Trust Services'] }];
  const issuing = `${label} Document Signing CA G${String(issuingGeneration)}`;
  return {
    root: [...organization, { CN: [`${label} Root CA G1`] }],
    issuing: [...organization, { CN: [issuing] }],
    ocsp: [...organization, { CN: [`${issuing} OCSP Responder`] }],
    tsa: [...organization, { CN: [`${label} Time Stamping Authority G1`] }],
    esign: [...organization, { CN: [`${label} eSign Service G1`] }],
  };
}

/** An organization as its registration names it. */
export interface RegisteredOrganization {
  name: string;
  crNumber: string;
}

/**
 * Who a subscriber's certificate is for: a person, as the identity provider names them (and, for
 * an organization's signatory, the organization), or an organization's seal — the organization
 * itself.
 */
export type SubscriberName =
  | {
      /** The full name in English, as the identity app gave it. */
      nameEnglish: string;
      /** …and in Arabic, where it gave one. */
      nameArabic?: string | undefined;
      nationalId: string;
      organization?: RegisteredOrganization;
    }
  | { seal: RegisteredOrganization };

/** O and the CR number as the organization identifier (ETSI EN 319 412-1: NTR + country + '-'). */
const organizationParts = (organization: RegisteredOrganization): x509.JsonName => [
  { O: [organization.name] },
  { [OID.organizationIdentifier]: [`NTRSA-${organization.crNumber}`] },
];

/**
 * The subject: C=SA; for an organization signatory its organization; the national id as
 * serialNumber with its semantics identifier; givenName and surname in English, then in Arabic
 * where given (EN 319 412-2 §4.2.4); the English name as CN. A seal names the organization alone,
 * its name as CN too (ETSI EN 319 412-3's legal person).
 */
export function subscriberSubject(name: SubscriberName): x509.JsonName {
  if ('seal' in name)
    return [{ C: ['SA'] }, ...organizationParts(name.seal), { CN: [name.seal.name] }];
  const names = [name.nameEnglish, ...(name.nameArabic ? [name.nameArabic] : [])].map(nameParts);
  return [
    { C: ['SA'] },
    ...(name.organization ? organizationParts(name.organization) : []),
    { [OID.serialNumber]: [personSerialNumber(name.nationalId)] },
    ...names.map((parts) => ({ [OID.givenName]: [parts.given] })),
    ...names.flatMap((parts) => (parts.surname ? [{ [OID.surname]: [parts.surname] }] : [])),
    { CN: [name.nameEnglish] },
  ];
}

/** Each key usage flag and its name in RFC 5280 (what the product and the profile table show). */
export const KEY_USAGE_NAMES: readonly [x509.KeyUsageFlags, string][] = [
  [x509.KeyUsageFlags.digitalSignature, 'digitalSignature'],
  [x509.KeyUsageFlags.nonRepudiation, 'nonRepudiation'],
  [x509.KeyUsageFlags.keyEncipherment, 'keyEncipherment'],
  [x509.KeyUsageFlags.dataEncipherment, 'dataEncipherment'],
  [x509.KeyUsageFlags.keyAgreement, 'keyAgreement'],
  [x509.KeyUsageFlags.keyCertSign, 'keyCertSign'],
  [x509.KeyUsageFlags.cRLSign, 'cRLSign'],
];

export const keyIdOf = (certificate: x509.X509Certificate) => {
  const ski = certificate.getExtension(x509.SubjectKeyIdentifierExtension);
  if (!ski) throw new Error(`${certificate.subject} has no subject key identifier`);
  return ski.keyId;
};

/** The extensions every certificate the issuing CA signs carries about its issuer. */
async function issuedBy(issuer: x509.X509Certificate, subjectKey: x509.PublicKeyType) {
  return [
    await x509.SubjectKeyIdentifierExtension.create(subjectKey),
    new x509.AuthorityKeyIdentifierExtension(keyIdOf(issuer)),
  ];
}

export const rootExtensions = async (key: CryptoKey) => [
  new x509.BasicConstraintsExtension(true, undefined, true),
  new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
  await x509.SubjectKeyIdentifierExtension.create(key),
];

export const issuingExtensions = async (
  root: x509.X509Certificate,
  key: CryptoKey,
  origin: string,
) => [
  new x509.BasicConstraintsExtension(true, 0, true),
  new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
  ...(await issuedBy(root, key)),
  new x509.AuthorityInfoAccessExtension({
    caIssuers: new x509.GeneralName('url', origin + PKI_PATHS.root),
  }),
  // Where a validator walking up from a signature learns whether this CA was revoked.
  new x509.CRLDistributionPointsExtension([origin + PKI_PATHS.arl]),
  new x509.CertificatePolicyExtension([OID.anyPolicy]),
];

export const ocspExtensions = async (issuing: x509.X509Certificate, key: CryptoKey) => [
  new x509.BasicConstraintsExtension(false, undefined, true),
  new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
  new x509.ExtendedKeyUsageExtension([OID.ocspSigning]),
  // The responder's own certificate is not checked by OCSP (RFC 6960 §4.2.2.2.1).
  new x509.Extension(OID.ocspNoCheck, false, new Uint8Array([0x05, 0x00])),
  ...(await issuedBy(issuing, key)),
];

/** Where a relying party checks a certificate an issuing CA made: its OCSP, its issuer, its CRL. */
const statusPointers = (issuing: IssuingCa, origin: string) => {
  const paths = issuingPaths(issuing.generation);
  return [
    new x509.AuthorityInfoAccessExtension({
      ocsp: new x509.GeneralName('url', origin + PKI_PATHS.ocsp),
      caIssuers: new x509.GeneralName('url', origin + paths.certificate),
    }),
    new x509.CRLDistributionPointsExtension([origin + paths.crl]),
  ];
};

/** The time-stamping authority's (RFC 3161 §2.3: timeStamping its only, critical, purpose). */
export const tsaExtensions = async (
  issuing: IssuingCa,
  key: x509.PublicKeyType,
  origin: string,
) => [
  new x509.BasicConstraintsExtension(false, undefined, true),
  new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
  new x509.ExtendedKeyUsageExtension([OID.timeStamping], true),
  ...(await issuedBy(issuing.certificate, key)),
  ...statusPointers(issuing, origin),
];

/**
 * The eSign service's own: it signs the service's answers to applications (JWS), never
 * a document — digital signature alone, no document-signing purpose.
 */
export const esignServiceExtensions = async (
  issuing: IssuingCa,
  key: x509.PublicKeyType,
  origin: string,
) => [
  new x509.BasicConstraintsExtension(false, undefined, true),
  new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
  ...(await issuedBy(issuing.certificate, key)),
  ...statusPointers(issuing, origin),
];

/** What configuration says of every subscriber's certificate (config.ts's CA_* settings). */
export interface ProfileSettings {
  /** Policy OIDs written after ours: ETSI's or NCDC's, as the service's accreditation names. */
  extraPolicies: readonly string[];
  /**
   * The service is qualified: qcStatements are written (QcCompliance, QcType, QcPDS at these
   * addresses). Null: none, which is the default. QcSSCD never, while keys are made in browsers.
   */
  qualified: { pds: { en: string; ar: string } } | null;
}

export const NOT_QUALIFIED: ProfileSettings = { extraPolicies: [], qualified: null };

/** ETSI EN 319 412-5's statements of a qualified certificate, for a signature or a seal. */
function qcStatements(type: 'esign' | 'eseal', pds: { en: string; ar: string }): x509.Extension {
  const statement = (statementId: string, info?: unknown) => {
    const made = new QCStatement();
    made.statementId = statementId;
    // Absent, not empty, when the statement has no information (QcCompliance).
    made.statementInfo = (
      info === undefined ? undefined : AsnConvert.serialize(info)
    ) as ArrayBuffer;
    return made;
  };
  const statements = new QCStatements([
    statement(id_etsi_qcs_qcCompliance),
    statement(
      id_etsi_qcs_qcType,
      new QcType([type === 'esign' ? id_etsi_qct_esign : id_etsi_qct_eseal]),
    ),
    statement(
      id_etsi_qcs_qcPDS,
      new QcEuPDS([
        new PdsLocation({ url: pds.en, language: 'en' }),
        new PdsLocation({ url: pds.ar, language: 'ar' }),
      ]),
    ),
  ]);
  return new x509.Extension(id_pe_qcStatements, false, AsnConvert.serialize(statements));
}

/**
 * A document signer's certificate (the first profile): non-repudiation its one key usage (ETSI
 * EN 319 412-2 §4.3.2, type A: a key that commits to content does nothing else).
 */
export const subscriberExtensions = async (
  issuing: IssuingCa,
  key: x509.PublicKeyType,
  origin: string,
  level: AssuranceLevel,
  settings: ProfileSettings = NOT_QUALIFIED,
) => [
  new x509.BasicConstraintsExtension(false, undefined, true),
  new x509.KeyUsagesExtension(x509.KeyUsageFlags.nonRepudiation, true),
  // emailProtection too: NSS-based readers (pdfsig, Evince, Okular) trust a PDF signer's
  // certificate for that purpose only, and answer "Unknown issue" otherwise.
  new x509.ExtendedKeyUsageExtension([
    OID.documentSigning,
    OID.emailProtection,
    OID.microsoftDocumentSigning,
    OID.adobeAuthenticDocuments,
  ]),
  ...(await issuedBy(issuing.certificate, key)),
  ...statusPointers(issuing, origin),
  new x509.CertificatePolicyExtension([CERTIFICATE_POLICIES[level], ...settings.extraPolicies]),
  ...(settings.qualified
    ? [qcStatements(level === 'organizationSeal' ? 'eseal' : 'esign', settings.qualified.pds)]
    : []),
];

/** Random bytes from the system's generator. */
export const systemRandom = (bytes: number): Uint8Array => new Uint8Array(randomBytes(bytes));

/**
 * The bytes of a random INTEGER whose DER is as written: the first byte in 0x40–0x7F, so it is
 * positive and has no leading zero or sign byte to strip (random bytes as they come are negative
 * half the time and, one time in 256, not minimal — which strict DER readers refuse).
 */
export function positiveRandomInteger(
  random: (bytes: number) => Uint8Array,
  bytes: number,
): Uint8Array {
  const value = random(bytes);
  value[0] = ((value[0] ?? 0) & 0x3f) | 0x40;
  return value;
}

/**
 * A serial: 16 random bytes as `positiveRandomInteger` makes them — 126 random bits (RFC 5280
 * asks for at most 20 octets, the CA/B Forum for 64 random bits). Upper-case hex, as the database
 * keeps it.
 */
export function newSerial(random: (bytes: number) => Uint8Array): string {
  return Buffer.from(positiveRandomInteger(random, 16)).toString('hex').toUpperCase();
}
