/**
 * A CMS signer's information as both our signatures make it — the time-stamping authority's
 * tokens and documents' detached signatures: the signer named by its certificate's issuer and
 * serial, and the signed attributes every one carries (content type, message digest, ESS
 * signing-certificate-v2), with any more the caller adds, in DER's order. Written as DER
 * directly (der.ts), a certificate's parts once per certificate; pkijs reads certificates here
 * for the OCSP responder.
 */
import { createHash } from 'node:crypto';
import type * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import {
  NULL,
  children,
  ecdsaSignatureValue,
  octetString,
  oid,
  sequence,
  setOf,
  smallInteger,
  tlv,
} from './der.js';
import type { Signer } from './signer.js';

export const ATTRIBUTE = {
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  timeStampToken: '1.2.840.113549.1.9.16.2.14',
} as const;

/** DER already written, written again as it is: asn1js asks each element to write itself. */
class WrittenDer {
  constructor(private readonly der: ArrayBuffer) {}
  toBER(_sizeOnly?: boolean, writer?: { write(buffer: ArrayBuffer): void }): ArrayBuffer {
    if (!writer) return this.der;
    writer.write(this.der);
    return new ArrayBuffer(0);
  }
}

/**
 * A certificate that pkijs writes as the DER it was read from. Its own toSchema parses the
 * certificate's body again and re-encodes it, for every signature naming it: with three
 * certificates a signature, that was a sixth of a hash signature's time.
 */
class CertificateAsRead extends pkijs.Certificate {
  readonly #der: ArrayBuffer;
  constructor(der: ArrayBuffer) {
    super({ schema: pkijs.Certificate.fromBER(der).toSchema() });
    this.#der = der;
  }
  override toSchema(encodeFlag = false): asn1js.Sequence {
    return encodeFlag
      ? super.toSchema(true)
      : (new WrittenDer(this.#der) as unknown as asn1js.Sequence);
  }
}

/**
 * A certificate as pkijs reads it, read once per DER (each signature names its signer's, the
 * TSA's and the issuing CA's: reading them again for each was most of a signature's time).
 */
const parsed = new WeakMap<ArrayBuffer, pkijs.Certificate>();
export function pkijsCertificate(der: ArrayBuffer): pkijs.Certificate {
  let certificate = parsed.get(der);
  if (!certificate) {
    certificate = new CertificateAsRead(der);
    parsed.set(der, certificate);
  }
  return certificate;
}

/** The algorithms a signer's hash goes with: its digest's identifier, and ECDSA's with it. */
const ALGORITHMS = {
  'SHA-256': {
    digest: sequence(oid('2.16.840.1.101.3.4.2.1'), NULL),
    signature: sequence(oid('1.2.840.10045.4.3.2')),
  },
  'SHA-384': {
    digest: sequence(oid('2.16.840.1.101.3.4.2.2'), NULL),
    signature: sequence(oid('1.2.840.10045.4.3.3')),
  },
} as const;

export function digestAlgorithm(hash: Signer['hash']): Buffer {
  return ALGORITHMS[hash].digest;
}

/** An Attribute: its type and its SET OF values. */
export function attribute(type: string, ...values: readonly Uint8Array[]): Buffer {
  return sequence(oid(type), setOf(values));
}

/** What a signer's information takes from its certificate, read once per certificate. */
interface CertificateParts {
  /** IssuerAndSerialNumber, as the certificate writes its issuer and serial. */
  sid: Buffer;
  /**
   * ESS signing-certificate-v2 (RFC 5035): the certificate's SHA-256 (the default algorithm, so
   * not written), binding a signature to the certificate it was made with.
   */
  signingCertificateV2: Buffer;
}

const partsByCertificate = new WeakMap<ArrayBuffer, CertificateParts>();
function certificateParts(der: ArrayBuffer): CertificateParts {
  let parts = partsByCertificate.get(der);
  if (!parts) {
    const bytes = new Uint8Array(der);
    const [tbs] = children(bytes, children(bytes)[0]?.contentStart ?? 0);
    if (!tbs) throw new Error('not a certificate');
    // TBSCertificate: [0] version (present in v3), serial, signature algorithm, issuer, …
    const fields = children(bytes, tbs.contentStart, tbs.end);
    const offset = fields[0]?.tag === 0xa0 ? 1 : 0;
    const serial = fields[offset];
    const issuer = fields[offset + 2];
    if (!serial || !issuer) throw new Error('not a certificate');
    const hash = createHash('sha256').update(bytes).digest();
    parts = {
      sid: sequence(
        bytes.subarray(issuer.start, issuer.end),
        bytes.subarray(serial.start, serial.end),
      ),
      signingCertificateV2: attribute(
        ATTRIBUTE.signingCertificateV2,
        sequence(sequence(sequence(octetString(hash)))),
      ),
    };
    partsByCertificate.set(der, parts);
  }
  return parts;
}

/**
 * A SignerInfo (version 1, named by issuer and serial), signed by `signer` over its signed
 * attributes; `unsigned` adds attributes that depend on the signature (its timestamp).
 */
export async function signerInfo(options: {
  /** The signer's certificate, DER. */
  certificate: ArrayBuffer;
  signer: Signer;
  /** What is signed: the encapsulated content's type, and its digest (the signer's hash). */
  contentType: string;
  digest: Uint8Array;
  /** More signed attributes, DER. */
  more?: readonly Uint8Array[];
  unsigned?: (signatureValue: Buffer) => Promise<readonly Uint8Array[]>;
}): Promise<Buffer> {
  const parts = certificateParts(options.certificate);
  const signedAttributes = setOf([
    attribute(ATTRIBUTE.contentType, oid(options.contentType)),
    ...(options.more ?? []),
    attribute(ATTRIBUTE.messageDigest, octetString(options.digest)),
    parts.signingCertificateV2,
  ]);
  // Signed as the SET OF it is (RFC 5652 §5.4), carried as [0] IMPLICIT.
  const value = ecdsaSignatureValue(new Uint8Array(await options.signer.sign(signedAttributes)));
  const carried = Buffer.from(signedAttributes);
  carried[0] = 0xa0;
  const unsigned = options.unsigned ? await options.unsigned(value) : [];
  const algorithms = ALGORITHMS[options.signer.hash];
  return sequence(
    smallInteger(1),
    parts.sid,
    algorithms.digest,
    carried,
    algorithms.signature,
    octetString(value),
    ...(unsigned.length > 0 ? [setOfTagged(0xa1, unsigned)] : []),
  );
}

/** A SET OF under an IMPLICIT tag, in DER's order. */
function setOfTagged(tag: number, elements: readonly Uint8Array[]): Buffer {
  return tlv(tag, ...[...elements].sort((a, b) => Buffer.compare(a, b)));
}

/** SignedData's certificates, [0] IMPLICIT SET OF in DER's order. */
export function certificates(ders: readonly ArrayBuffer[]): Buffer {
  return setOfTagged(
    0xa0,
    ders.map((der) => new Uint8Array(der)),
  );
}
