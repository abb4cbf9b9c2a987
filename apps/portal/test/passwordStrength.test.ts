/**
 * The PKCS#12 password's strength (issue 40): at least 12 characters and hard to guess, as
 * zxcvbn-ts measures it with the common-password lists; the holder's own name counts as known.
 */
import { describe, expect, it } from 'vitest';
import {
  characterCount,
  MIN_PASSWORD,
  passwordStrength,
  STRONG_ENOUGH,
  wordsOfName,
} from '../src/certificates/passwordStrength.js';

describe('a PKCS#12 password', () => {
  it('is at least twelve characters, counted as a person counts them', () => {
    expect(MIN_PASSWORD).toBe(12);
    expect(characterCount('كلمة سر طويلة')).toBe(13);
    expect(characterCount('👍🏽👍🏽')).toBe(2);
  });

  it('is too easy to guess when common, a pattern or made of the holder’s name', async () => {
    for (const password of ['passwordpassword', '123456789012', 'qwertyuiopasdf', 'aaaaaaaaaaaa'])
      expect(await passwordStrength(password), password).toBeLessThan(STRONG_ENOUGH);
    expect(await passwordStrength('passwordpassword')).toBe(0);
    expect(await passwordStrength('SaraAlQahtani1', wordsOfName('Sara Al-Qahtani'))).toBeLessThan(
      STRONG_ENOUGH,
    );
  });

  it('is strong enough when it follows no pattern, in English or Arabic', async () => {
    for (const password of [
      'tawqi e2e: a cedar by the wadi',
      'نخلة على ضفة الوادي ٢٠٢٦',
      'v7#Qm2!xLp9@',
    ])
      expect(await passwordStrength(password), password).toBeGreaterThanOrEqual(STRONG_ENOUGH);
  });
});
