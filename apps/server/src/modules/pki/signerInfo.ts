/**
 * A CMS signer's information as both our signatures make it — the time-stamping authority's
 * tokens and documents' detached signatures: the signer named by its certificate's issuer and
 * serial, and the signed attributes every one carries (content type, message digest, ESS
 * signing-certificate-v2), with any more the caller adds, in DER's order.
 */
import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

const ATTRIBUTE = {
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
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

/** A certificate's SHA-256, likewise once per DER. */
const hashes = new WeakMap<ArrayBuffer, Buffer>();
function certificateHash(der: ArrayBuffer): Buffer {
  let hash = hashes.get(der);
  if (!hash) {
    hash = createHash('sha256').update(new Uint8Array(der)).digest();
    hashes.set(der, hash);
  }
  return hash;
}

/**
 * ESS signing-certificate-v2 (RFC 5035): the signer's certificate's SHA-256 (the default
 * algorithm, so not written), binding a signature to the certificate it was made with.
 */
function signingCertificateV2(certificateDer: ArrayBuffer): pkijs.Attribute {
  const hash = certificateHash(certificateDer);
  return new pkijs.Attribute({
    type: ATTRIBUTE.signingCertificateV2,
    values: [
      new asn1js.Sequence({
        value: [
          new asn1js.Sequence({
            value: [new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: hash })] })],
          }),
        ],
      }),
    ],
  });
}

/**
 * DER's order for a SET OF (X.690 §11.6): by each element's encoding, compared as bytes. A relying
 * party that re-encodes the signed attributes as DER before checking the signature (BouncyCastle,
 * and with it the EU's DSS) fails every signature whose attributes were written in another order.
 */
export function inDerOrder<T>(elements: readonly T[], encoded: (element: T) => ArrayBuffer): T[] {
  return elements
    .map((element) => ({ element, der: Buffer.from(encoded(element)) }))
    .sort((a, b) => Buffer.compare(a.der, b.der))
    .map(({ element }) => element);
}

/** Certificates for a SignedData's SET OF certificates, in DER's order. */
export function certificateSet(ders: readonly ArrayBuffer[]): pkijs.Certificate[] {
  return inDerOrder(ders, (der) => der).map(pkijsCertificate);
}

export function signerInfoFor(options: {
  /** The signer's certificate, DER. */
  certificate: ArrayBuffer;
  /** What is signed: the encapsulated content's type, and its digest (the signer's hash). */
  contentType: string;
  digest: Uint8Array;
  more?: readonly pkijs.Attribute[];
}): pkijs.SignerInfo {
  const certificate = pkijsCertificate(options.certificate);
  return new pkijs.SignerInfo({
    version: 1,
    sid: new pkijs.IssuerAndSerialNumber({
      issuer: certificate.issuer,
      serialNumber: certificate.serialNumber,
    }),
    signedAttrs: new pkijs.SignedAndUnsignedAttributes({
      type: 0,
      attributes: inDerOrder(
        [
          new pkijs.Attribute({
            type: ATTRIBUTE.contentType,
            values: [new asn1js.ObjectIdentifier({ value: options.contentType })],
          }),
          ...(options.more ?? []),
          new pkijs.Attribute({
            type: ATTRIBUTE.messageDigest,
            values: [new asn1js.OctetString({ valueHex: options.digest })],
          }),
          signingCertificateV2(options.certificate),
        ],
        (attribute) => attribute.toSchema().toBER(false),
      ),
    }),
  });
}
