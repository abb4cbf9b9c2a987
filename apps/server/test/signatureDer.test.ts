/**
 * The signature structures are written as DER directly (src/modules/pki/der.ts): a document's
 * detached CMS with its timestamp token is, byte for byte, what pkijs builds from the same key
 * answers and random bytes (test/pkijsReference.ts), over ECDSA values whose halves need a sign
 * byte or lose leading zeros — and strict DER, as relying parties re-encode it.
 */
import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import { describe, expect, it } from 'vitest';
import { signDetached } from '../src/modules/pki/cms.js';
import {
  generalizedTime,
  oid,
  smallInteger,
  tlv,
  unsignedInteger,
  utcTime,
} from '../src/modules/pki/der.js';
import type { Signer } from '../src/modules/pki/signer.js';
import { referenceSignature } from './pkijsReference.js';
import { serviceSigner, startHarness } from './harness.js';
import { freshPerson } from './world.js';

const h = await startHarness();

/** Random bytes from a seed: the same sequence for both builders. */
function seeded(seed: number) {
  let counter = 0;
  return (bytes: number) => {
    const out = new Uint8Array(bytes);
    for (let at = 0; at < bytes; at += 32) {
      const block = createHash('sha256')
        .update(`${String(seed)}:${String(counter++)}`)
        .digest();
      out.set(block.subarray(0, Math.min(32, bytes - at)), at);
    }
    return out;
  };
}

/**
 * A signer whose r‖s is made from what it signs, shaped by `shape`: a half with leading zeros, or
 * with its top bit set (an INTEGER that needs a sign byte).
 */
function shapedSigner(real: Signer, shape: number): Signer {
  const size = real.hash === 'SHA-256' ? 32 : 48;
  return {
    publicKey: real.publicKey,
    hash: real.hash,
    sign: (data) => {
      const bytes = new Uint8Array(
        Buffer.concat([
          createHash('sha512')
            .update(new Uint8Array(data as ArrayBuffer))
            .digest(),
          createHash('sha512').update('more').digest(),
        ]).subarray(0, size * 2),
      );
      bytes[0] = (bytes[0] ?? 0) & 0x7f;
      if (shape === 0) bytes.set([0, 0, 0x05], 0);
      if (shape === 1) bytes[0] = 0x80;
      if (shape === 2) bytes.set([0, 0x90], size);
      if (shape === 3) bytes.set([0, 0, 0, 0], size);
      return Promise.resolve(bytes.buffer);
    },
  };
}

describe('the signatures written as DER', () => {
  it('are the bytes pkijs builds, with and without a signing time', async () => {
    const { key, certificate } = await serviceSigner(h, await freshPerson(h));
    const tsa = await h.deps.authority.timestamper();
    for (let round = 0; round < 16; round += 1) {
      const order = {
        digest: createHash('sha256')
          .update(`document ${String(round)}`)
          .digest(),
        certificate,
        signer: shapedSigner(key, round % 5),
        issuing: h.deps.authority.issuing,
        tsa: { ...tsa, signer: shapedSigner(tsa.signer, (round + 2) % 5) },
        now: new Date(Date.UTC(2026, 11, 7, 12, 0, round, 500)),
        pades: round % 2 === 1,
      };
      const written = await signDetached({ ...order, random: seeded(round) });
      const reference = await referenceSignature({ ...order, random: seeded(round) });
      expect(written.toString('hex')).toBe(reference.toString('hex'));
      // Strict DER: read and written again, the same bytes.
      const read = asn1js.fromBER(new Uint8Array(written));
      expect(read.offset).toBe(written.byteLength);
      expect(Buffer.from(read.result.toBER(false)).equals(written)).toBe(true);
    }
  });
});

describe('DER, piece by piece', () => {
  it('writes INTEGERs minimal, with a sign byte only where the top bit is set', () => {
    expect(unsignedInteger(Uint8Array.of(0, 0, 5)).toString('hex')).toBe('020105');
    expect(unsignedInteger(Uint8Array.of(0x80)).toString('hex')).toBe('02020080');
    expect(unsignedInteger(Uint8Array.of(0, 0x80)).toString('hex')).toBe('02020080');
    expect(unsignedInteger(Uint8Array.of(0, 0)).toString('hex')).toBe('020100');
    expect(smallInteger(3).toString('hex')).toBe('020103');
    expect(() => smallInteger(128)).toThrow(RangeError);
  });

  it('writes object identifiers whose arcs are past a double (a UUID arc)', () => {
    const uuidArc = '2.25.101498985031927364846885227956682334528.2.1';
    expect(
      oid(uuidArc).equals(
        Buffer.from(new asn1js.ObjectIdentifier({ value: uuidArc }).toBER(false)),
      ),
    ).toBe(true);
    expect(oid('1.2.840.113549.1.7.2').toString('hex')).toBe('06092a864886f70d010702');
  });

  it('writes long lengths in as few octets as they need', () => {
    expect(tlv(0x04, new Uint8Array(127)).subarray(0, 2).toString('hex')).toBe('047f');
    expect(tlv(0x04, new Uint8Array(128)).subarray(0, 3).toString('hex')).toBe('048180');
    expect(tlv(0x04, new Uint8Array(256)).subarray(0, 4).toString('hex')).toBe('04820100');
  });

  it('writes times in UTC to the second, UTCTime only where it can hold the year', () => {
    const time = new Date(Date.UTC(2049, 0, 2, 3, 4, 5, 999));
    expect(utcTime(time).subarray(2).toString('latin1')).toBe('490102030405Z');
    expect(generalizedTime(time).subarray(2).toString('latin1')).toBe('20490102030405Z');
    expect(() => utcTime(new Date(Date.UTC(2050, 0, 1)))).toThrow(RangeError);
  });
});
