import { describe, expect, it } from 'vitest';
import {
  IDLE_TIME_MINUTES,
  INACTIVITY_CHECK_INTERVAL_MS,
  isInactive,
  parseLastActivity,
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
});
