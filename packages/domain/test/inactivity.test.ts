import { describe, expect, it } from 'vitest';
import {
  IDLE_TIME_MINUTES,
  INACTIVITY_CHECK_INTERVAL_MS,
  inactivityState,
  isInactive,
  parseLastActivity,
  shouldKeepAlive,
} from '../src/index.js';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const MINUTE = 60_000;

describe('inactivity (SPEC §4, §9)', () => {
  it('checks every 3000 ms, with 30 minutes as the idle time', () => {
    expect(INACTIVITY_CHECK_INTERVAL_MS).toBe(3000);
    expect(IDLE_TIME_MINUTES).toBe(30);
  });

  it('logs out once more than the configured minutes have passed', () => {
    const base = { now: NOW, limitMinutes: 5, pathname: '/app/my/dashboard', signedIn: true };
    expect(isInactive({ ...base, lastActivity: NOW - 5 * MINUTE })).toBe(false);
    expect(isInactive({ ...base, lastActivity: NOW - 5 * MINUTE - 1 })).toBe(true);
  });

  it('uses the idle-time constant when no limit is configured', () => {
    const base = { now: NOW, pathname: '/app/org/dashboard', signedIn: true };
    expect(isInactive({ ...base, lastActivity: NOW - 30 * MINUTE })).toBe(false);
    expect(isInactive({ ...base, lastActivity: NOW - 31 * MINUTE })).toBe(true);
  });

  it('never logs out on the login page', () => {
    const base = { now: NOW, lastActivity: NOW - 999 * MINUTE, signedIn: true };
    expect(isInactive({ ...base, pathname: '/app/login' })).toBe(false);
    expect(isInactive({ ...base, pathname: '/app/login/otp' })).toBe(false);
    expect(isInactive({ ...base, pathname: '/app/loginx' })).toBe(true);
  });

  it('does not send a signed-out visitor to /logout', () => {
    expect(isInactive({ now: NOW, lastActivity: 0, pathname: '/', signedIn: false })).toBe(false);
  });

  it('does not log out without a recorded activity', () => {
    expect(isInactive({ now: NOW, lastActivity: null, pathname: '/app/my', signedIn: true })).toBe(
      false,
    );
  });

  it('reads the stored last activity, refusing text that is not a time', () => {
    expect(parseLastActivity(String(NOW - MINUTE), NOW)).toBe(NOW - MINUTE);
    expect(parseLastActivity(null, NOW)).toBeNull();
    expect(parseLastActivity('yesterday', NOW)).toBeNull();
    expect(parseLastActivity('-5', NOW)).toBeNull();
  });

  it('counts a last activity from the future as now', () => {
    expect(parseLastActivity(String(NOW + 60 * MINUTE), NOW)).toBe(NOW);
  });

  it('warns two minutes before the limit, counting down, then ends the session', () => {
    const base = { now: NOW, pathname: '/app/my/dashboard', signedIn: true };
    expect(inactivityState({ ...base, lastActivity: NOW - 27 * MINUTE })).toEqual({
      kind: 'active',
    });
    expect(inactivityState({ ...base, lastActivity: NOW - 28 * MINUTE })).toEqual({
      kind: 'warning',
      leftMs: 2 * MINUTE,
    });
    expect(inactivityState({ ...base, lastActivity: NOW - 31 * MINUTE })).toEqual({
      kind: 'inactive',
    });
  });

  it('warns at half a short limit, and never signed out, nor on the login page', () => {
    const base = { now: NOW, limitMinutes: 1, pathname: '/app/my/dashboard', signedIn: true };
    expect(inactivityState({ ...base, lastActivity: NOW - 29_000 }).kind).toBe('active');
    expect(inactivityState({ ...base, lastActivity: NOW - 31_000 })).toEqual({
      kind: 'warning',
      leftMs: 29_000,
    });
    const late = NOW - 59_000;
    expect(inactivityState({ ...base, lastActivity: late, signedIn: false }).kind).toBe('active');
    expect(inactivityState({ ...base, lastActivity: late, pathname: '/app/login' }).kind).toBe(
      'active',
    );
    expect(inactivityState({ ...base, lastActivity: null }).kind).toBe('active');
  });

  it('keeps the session alive for a person using the page, at most once a minute', () => {
    const lastActivity = NOW - MINUTE;
    // Used since the last request, which is a minute old: send one.
    expect(shouldKeepAlive({ now: NOW, lastActivity, lastInteraction: NOW - 1000 })).toBe(true);
    // Nothing done since the last request: reading without touching anything is not using.
    expect(shouldKeepAlive({ now: NOW, lastActivity, lastInteraction: lastActivity - 1 })).toBe(
      false,
    );
    expect(shouldKeepAlive({ now: NOW, lastActivity, lastInteraction: null })).toBe(false);
    // A request less than a minute ago already counted.
    expect(
      shouldKeepAlive({ now: NOW, lastActivity: NOW - 59_000, lastInteraction: NOW - 1000 }),
    ).toBe(false);
    expect(shouldKeepAlive({ now: NOW, lastActivity: null, lastInteraction: NOW })).toBe(true);
  });
});
