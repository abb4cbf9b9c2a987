import { describe, expect, it } from 'vitest';
import { VerifiedTokens } from '../src/modules/sessions/tokens.js';

const CLAIMS = {
  userSlno: 7,
  sessionId: 'a5d1f0de-4a43-4b53-9d5c-2f1d0c6f2a10',
  deviceId: 'phone',
};
const EXPIRES = Date.UTC(2026, 10, 24, 12, 5) / 1000;
const at = (seconds: number) => new Date((EXPIRES + seconds) * 1000);

describe('verified tokens remembered until they expire', () => {
  it('finds a verified token by its exact text until the second its exp names', () => {
    const tokens = new VerifiedTokens();
    tokens.remember('header.payload.signature', CLAIMS, EXPIRES);
    expect(tokens.get('header.payload.signature', at(-1))).toEqual(CLAIMS);
    expect(tokens.get('header.payload.signaturf', at(-1))).toBeUndefined();
    expect(tokens.get('header.payload.signature', new Date((EXPIRES - 0.001) * 1000))).toEqual(
      CLAIMS,
    );
    // Expired as jose judges exp (now >= exp), and forgotten then.
    expect(tokens.get('header.payload.signature', at(0))).toBeUndefined();
    expect(tokens.size).toBe(0);
  });

  it('keeps at most its bound, forgetting the oldest first', () => {
    const tokens = new VerifiedTokens(3);
    for (const token of ['a', 'b', 'c', 'd']) tokens.remember(token, CLAIMS, EXPIRES);
    expect(tokens.size).toBe(3);
    expect(tokens.get('a', at(-10))).toBeUndefined();
    expect(tokens.get('d', at(-10))).toEqual(CLAIMS);
    // Remembering a token it has again makes no room.
    tokens.remember('d', CLAIMS, EXPIRES);
    expect(['b', 'c', 'd'].map((token) => tokens.get(token, at(-10)) !== undefined)).toEqual([
      true,
      true,
      true,
    ]);
  });
});
