/**
 * The waits a throttle tells a person, in both languages: Arabic counts after «بعد» in its own
 * forms (one and two in words, the dual in its case), English says one second, not "1 seconds".
 */
import { describe, expect, it } from 'vitest';
import { identityWaitMessage, waitMessage } from '../src/modules/auth/messages.js';

describe('a throttle’s wait, said', () => {
  it('counts seconds and minutes in each language’s forms', () => {
    expect([1, 2, 5, 30, 120, 600].map((seconds) => waitMessage(seconds).ar)).toEqual([
      'محاولات كثيرة. حاول مرة أخرى بعد ثانية واحدة.',
      'محاولات كثيرة. حاول مرة أخرى بعد ثانيتين.',
      'محاولات كثيرة. حاول مرة أخرى بعد ٥ ثوانٍ.',
      'محاولات كثيرة. حاول مرة أخرى بعد ٣٠ ثانية.',
      'محاولات كثيرة. حاول مرة أخرى بعد دقيقتين.',
      'محاولات كثيرة. حاول مرة أخرى بعد ١٠ دقائق.',
    ]);
    expect(waitMessage(1).en).toBe('Too many attempts. Try again in 1 second.');
    expect(waitMessage(90).en).toBe('Too many attempts. Try again in 90 seconds.');
    expect(identityWaitMessage(121).en).toBe(
      'Too many requests for this national ID. Try again in 3 minutes.',
    );
  });
});
