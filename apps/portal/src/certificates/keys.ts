/**
 * A certificate's key, made and kept in the person's browser (issue 18): the private key never
 * reaches the server. WebCrypto makes the key pair; pkijs (the ecosystem's PKI library, one for
 * the request, the certificate and PKCS#12 alike) writes the PKCS#10 request signed with it and,
 * once the certificate is issued, a password-protected PKCS#12 file (PBES2 with AES-256-CBC and
 * PBKDF2-SHA-256, integrity by HMAC-SHA-256: what OpenSSL 3, Windows, macOS and Adobe open).
 * Nothing here touches the network or storage: keyStore.ts keeps the key between visits.
 */
import type { CertificateKeyAlgorithm } from '@tawqi/domain';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

const GENERATE: Record<CertificateKeyAlgorithm, EcKeyGenParams | RsaHashedKeyGenParams> = {
  'ECDSA-P-256': { name: 'ECDSA', namedCurve: 'P-256' },
  'RSA-2048': {
    name: 'RSASSA-PKCS1-v1_5',
    modulusLength: 2048,
    publicExponent: new Uint8Array([1, 0, 1]),
    hash: 'SHA-256',
  },
};

/**
 * Rounds of the PKCS#12 file's PBKDF2 (its key's and certificates' encryption) and of its MAC:
 * OWASP's figure for PBKDF2-HMAC-SHA256 (2023). The MAC gets as many, since it is a password check
 * too: a file whose MAC takes 2,048 rounds lets a guesser skip the 600,000. (OpenSSL's default is
 * 2,048 for both; PBMAC1, which would make the MAC PBKDF2 as well, is not read by OpenSSL 3.0.)
 */
export const PKCS12_ITERATIONS = 600_000;

/**
 * Makes a signing key pair. Extractable, because the holder takes it away in a PKCS#12 file:
 * it leaves the browser only that way, encrypted under the holder's password.
 */
export async function makeKeyPair(algorithm: CertificateKeyAlgorithm): Promise<CryptoKeyPair> {
  return crypto.subtle.generateKey(GENERATE[algorithm], true, ['sign', 'verify']);
}

/**
 * A PKCS#10 request for `keys`, signed with them (SHA-256). Its subject is only a label: the
 * authority names the holder as the identity app does, whatever a request says.
 */
export async function certificationRequest(
  keys: CryptoKeyPair,
  label: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const request = new pkijs.CertificationRequest();
  request.subject.typesAndValues.push(
    new pkijs.AttributeTypeAndValue({
      type: '2.5.4.3',
      value: new asn1js.Utf8String({ value: label }),
    }),
  );
  await request.subjectPublicKeyInfo.importKey(keys.publicKey);
  await request.sign(keys.privateKey, 'SHA-256');
  return new Uint8Array(request.toSchema().toBER(false));
}

/** SHA-256 of a public key's SubjectPublicKeyInfo, upper-case hex: how a key is recognised. */
export async function keyFingerprint(spki: BufferSource): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', spki);
  return [...new Uint8Array(digest)]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
}

/** The fingerprint of the key a certificate certifies (to find its private key in this browser). */
export function certifiedKeyFingerprint(certificateDer: Uint8Array<ArrayBuffer>): Promise<string> {
  const certificate = pkijs.Certificate.fromBER(certificateDer);
  return keyFingerprint(new Uint8Array(certificate.subjectPublicKeyInfo.toSchema().toBER(false)));
}

export async function publicKeyFingerprint(publicKey: CryptoKey): Promise<string> {
  return keyFingerprint(await crypto.subtle.exportKey('spki', publicKey));
}

const utf8 = (text: string) => new TextEncoder().encode(text).buffer;

/** A bag attribute: the name a key store shows, and the id tying the key to its certificate. */
function bagAttributes(friendlyName: string, localKeyId: ArrayBuffer): pkijs.Attribute[] {
  return [
    new pkijs.Attribute({
      type: '1.2.840.113549.1.9.20',
      values: [new asn1js.BmpString({ value: friendlyName })],
    }),
    new pkijs.Attribute({
      type: '1.2.840.113549.1.9.21',
      values: [new asn1js.OctetString({ valueHex: localKeyId })],
    }),
  ];
}

/**
 * A PKCS#12 file holding the private key (shrouded under `password`), its certificate and the
 * authority's chain, its integrity under the same password.
 */
export async function pkcs12(options: {
  privateKey: CryptoKey;
  certificate: Uint8Array<ArrayBuffer>;
  chain: readonly Uint8Array<ArrayBuffer>[];
  password: string;
  friendlyName: string;
}): Promise<Uint8Array<ArrayBuffer>> {
  const password = utf8(options.password);
  const encryption = {
    password,
    // pkijs draws a fresh IV for every encryption (encryptEncryptedContentInfo); its type asks
    // for one all the same.
    contentEncryptionAlgorithm: {
      name: 'AES-CBC',
      length: 256,
      iv: crypto.getRandomValues(new Uint8Array(16)),
    },
    hmacHashAlgorithm: 'SHA-256',
    iterationCount: PKCS12_ITERATIONS,
  };
  const leaf = pkijs.Certificate.fromBER(options.certificate);
  const localKeyId = await crypto.subtle.digest('SHA-256', options.certificate);
  const attributes = bagAttributes(options.friendlyName, localKeyId);

  const keyBag = new pkijs.PKCS8ShroudedKeyBag({
    parsedValue: pkijs.PrivateKeyInfo.fromBER(
      await crypto.subtle.exportKey('pkcs8', options.privateKey),
    ),
  });
  await keyBag.makeInternalValues(encryption);

  const certificateBags = [leaf, ...options.chain.map((der) => pkijs.Certificate.fromBER(der))].map(
    (certificate, index) =>
      new pkijs.SafeBag({
        bagId: '1.2.840.113549.1.12.10.1.3',
        bagValue: new pkijs.CertBag({ parsedValue: certificate }),
        ...(index === 0 ? { bagAttributes: attributes } : {}),
      }),
  );

  const pfx = new pkijs.PFX({
    parsedValue: {
      integrityMode: 0,
      authenticatedSafe: new pkijs.AuthenticatedSafe({
        parsedValue: {
          safeContents: [
            {
              privacyMode: 0,
              value: new pkijs.SafeContents({
                safeBags: [
                  new pkijs.SafeBag({
                    bagId: '1.2.840.113549.1.12.10.1.2',
                    bagValue: keyBag,
                    bagAttributes: attributes,
                  }),
                ],
              }),
            },
            { privacyMode: 1, value: new pkijs.SafeContents({ safeBags: certificateBags }) },
          ],
        },
      }),
    },
  });
  const authenticatedSafe = pfx.parsedValue?.authenticatedSafe;
  if (!authenticatedSafe) throw new Error('the PKCS#12 contents were not made');
  await authenticatedSafe.makeInternalValues({ safeContents: [{}, encryption] });
  await pfx.makeInternalValues({
    password,
    iterations: PKCS12_ITERATIONS,
    pbkdf2HashAlgorithm: 'SHA-256',
    hmacHashAlgorithm: 'SHA-256',
  });
  return new Uint8Array(pfx.toSchema().toBER(false));
}

/** PEM armour for DER (RFC 7468: 64 characters a line). */
export function pem(label: 'CERTIFICATE', der: Uint8Array): string {
  const lines = toBase64(der).match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
