import { describe, expect, it } from 'vitest';
import {
  IDENTITY_CHALLENGE_TTL_MS,
  IDENTITY_LOGIN_INITIAL,
  identityLoginReducer as next,
  isPolling,
  refreshTokenToStore,
  type IdentityLoginEvent,
  type IdentityLoginState,
} from '../src/index.js';

const T0 = Date.UTC(2026, 10, 21, 9, 0, 0);

function run(events: IdentityLoginEvent[], from: IdentityLoginState = IDENTITY_LOGIN_INITIAL) {
  return events.reduce(next, from);
}

const waiting = run([
  { type: 'initiate', nationalId: '1010101010' },
  { type: 'initiate-answered', answer: { status: '1', random: '42' }, now: T0 },
]);

describe('identity-app login, enrolment and renewal (SPEC §4)', () => {
  it('starts idle and not polling', () => {
    expect(IDENTITY_LOGIN_INITIAL).toEqual({ phase: 'idle' });
    expect(isPolling(IDENTITY_LOGIN_INITIAL)).toBe(false);
  });

  it('turns polling on when initiation answers "1", showing the number to pick', () => {
    expect(waiting).toEqual({
      phase: 'waiting',
      nationalId: '1010101010',
      random: '42',
      startedAt: T0,
    });
    expect(isPolling(waiting)).toBe(true);
  });

  it('waits without a number when the answer carries none', () => {
    const state = run([
      { type: 'initiate', nationalId: '1010101010' },
      { type: 'initiate-answered', answer: { status: '1' }, now: T0 },
    ]);
    expect(state).toMatchObject({ phase: 'waiting', random: null });
  });

  it('fails with the server’s errorMessage when initiation answers "0"', () => {
    const state = run([
      { type: 'initiate', nationalId: '1010101010' },
      {
        type: 'initiate-answered',
        answer: { status: '0', errorMessage: 'National ID not registered' },
        now: T0,
      },
    ]);
    expect(state).toEqual({
      phase: 'failed',
      failure: { reason: 'server', message: 'National ID not registered' },
    });
    expect(isPolling(state)).toBe(false);
  });

  it('reports a status the spec lacks, or a blank message, as a failed call', () => {
    for (const answer of [
      { status: '0', errorMessage: '  ' },
      { status: '7' },
      { status: '0', errorMessage: null },
    ]) {
      const state = run([
        { type: 'initiate', nationalId: '1' },
        { type: 'initiate-answered', answer, now: T0 },
      ]);
      expect(state).toEqual({ phase: 'failed', failure: { reason: 'call-failed' } });
    }
  });

  it('fails the operation when the initiation call fails', () => {
    const state = run([{ type: 'initiate', nationalId: '1' }, { type: 'initiate-failed' }]);
    expect(state).toEqual({ phase: 'failed', failure: { reason: 'call-failed' } });
  });

  it('says a refusal to ask again so soon as the server words it, with when to try again', () => {
    const state = run([
      { type: 'initiate', nationalId: '1' },
      { type: 'initiate-refused', message: 'Too many requests for this national ID.', retryAt: 9 },
    ]);
    expect(state).toEqual({
      phase: 'failed',
      failure: { reason: 'wait', message: 'Too many requests for this national ID.', retryAt: 9 },
    });
  });

  it('keeps polling while verify answers "3"', () => {
    expect(next(waiting, { type: 'verify-answered', answer: { status: '3' } })).toBe(waiting);
  });

  it('stores the refresh token of a successful verify and stops polling', () => {
    const state = next(waiting, {
      type: 'verify-answered',
      answer: { status: '1', refreshToken: 'rt-abc' },
    });
    expect(state).toEqual({ phase: 'succeeded', refreshToken: 'rt-abc' });
    expect(isPolling(state)).toBe(false);
    expect(refreshTokenToStore(state)).toBe('rt-abc');
  });

  it('succeeds without a token to store for a renewal, which keeps its session', () => {
    const state = next(waiting, { type: 'verify-answered', answer: { status: '1' } });
    expect(refreshTokenToStore(state)).toBeNull();
  });

  it('stops polling when verify fails, by answer or by call', () => {
    expect(
      next(waiting, {
        type: 'verify-answered',
        answer: { status: '0', errorMessage: 'Rejected in Nafath' },
      }),
    ).toEqual({
      phase: 'failed',
      failure: { reason: 'server', message: 'Rejected in Nafath' },
    });
    expect(next(waiting, { type: 'verify-failed' })).toEqual({
      phase: 'failed',
      failure: { reason: 'call-failed' },
    });
  });

  it('expires 180 s after the challenge started, not before', () => {
    expect(next(waiting, { type: 'tick', now: T0 + IDENTITY_CHALLENGE_TTL_MS - 1 })).toBe(waiting);
    expect(next(waiting, { type: 'tick', now: T0 + IDENTITY_CHALLENGE_TTL_MS })).toEqual({
      phase: 'failed',
      failure: { reason: 'expired' },
    });
  });

  it('can be cancelled while initiating or waiting, and then ignores late answers', () => {
    const cancelled = next(waiting, { type: 'cancel' });
    expect(cancelled).toEqual({ phase: 'cancelled' });
    expect(
      next(cancelled, { type: 'verify-answered', answer: { status: '1', refreshToken: 'late' } }),
    ).toBe(cancelled);
    expect(run([{ type: 'initiate', nationalId: '1' }, { type: 'cancel' }])).toEqual({
      phase: 'cancelled',
    });
    expect(refreshTokenToStore(cancelled)).toBeNull();
  });

  it('ignores events that do not belong to the current phase', () => {
    const idle = IDENTITY_LOGIN_INITIAL;
    expect(next(idle, { type: 'initiate-answered', answer: { status: '1' }, now: T0 })).toBe(idle);
    expect(next(idle, { type: 'initiate-failed' })).toBe(idle);
    expect(next(idle, { type: 'initiate-refused', message: 'Too many.', retryAt: null })).toBe(
      idle,
    );
    expect(next(idle, { type: 'verify-answered', answer: { status: '1' } })).toBe(idle);
    expect(next(idle, { type: 'verify-failed' })).toBe(idle);
    expect(next(idle, { type: 'tick', now: T0 + 10 * IDENTITY_CHALLENGE_TTL_MS })).toBe(idle);
    expect(next(idle, { type: 'cancel' })).toBe(idle);
    const initiating = next(idle, { type: 'initiate', nationalId: '1' });
    expect(next(initiating, { type: 'initiate', nationalId: '2' })).toBe(initiating);
    expect(next(waiting, { type: 'initiate', nationalId: '2' })).toBe(waiting);
  });

  it('starts over after an ending, or on reset', () => {
    const failed = next(waiting, { type: 'verify-failed' });
    expect(next(failed, { type: 'initiate', nationalId: '2' })).toEqual({
      phase: 'initiating',
      nationalId: '2',
    });
    expect(next(waiting, { type: 'reset' })).toEqual(IDENTITY_LOGIN_INITIAL);
  });
});
