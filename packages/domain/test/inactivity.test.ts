import { describe, expect, it } from 'vitest';
import {
  IDLE_TIME_MINUTES,
  INACTIVITY_CHECK_INTERVAL_MS,
  inactivityState,
  isInactive,
  parseLastActivity,
  shouldKeepAlive,
  startInactivityMonitor,
  type InactivityMonitorOptions,
} from '../src/index.js';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const MINUTE = 60_000;
const LOGIN = '/app/login';

describe('inactivity (SPEC §4, §9)', () => {
  it('checks every 3000 ms, with 30 minutes as the idle time', () => {
    expect(INACTIVITY_CHECK_INTERVAL_MS).toBe(3000);
    expect(IDLE_TIME_MINUTES).toBe(30);
  });

  it('logs out once more than the configured minutes have passed', () => {
    const base = {
      now: NOW,
      limitMinutes: 5,
      pathname: '/app/my/dashboard',
      loginPath: LOGIN,
      signedIn: true,
    };
    expect(isInactive({ ...base, lastActivity: NOW - 5 * MINUTE })).toBe(false);
    expect(isInactive({ ...base, lastActivity: NOW - 5 * MINUTE - 1 })).toBe(true);
  });

  it('uses the idle-time constant when no limit is configured', () => {
    const base = { now: NOW, pathname: '/app/org/dashboard', loginPath: LOGIN, signedIn: true };
    expect(isInactive({ ...base, lastActivity: NOW - 30 * MINUTE })).toBe(false);
    expect(isInactive({ ...base, lastActivity: NOW - 31 * MINUTE })).toBe(true);
  });

  it('never logs out on the login page', () => {
    const base = { now: NOW, lastActivity: NOW - 999 * MINUTE, loginPath: LOGIN, signedIn: true };
    expect(isInactive({ ...base, pathname: '/app/login' })).toBe(false);
    expect(isInactive({ ...base, pathname: '/app/login/otp' })).toBe(false);
    expect(isInactive({ ...base, pathname: '/app/loginx' })).toBe(true);
  });

  it('does not send a signed-out visitor to /logout', () => {
    expect(
      isInactive({ now: NOW, lastActivity: 0, pathname: '/', loginPath: LOGIN, signedIn: false }),
    ).toBe(false);
  });

  it('does not log out without a recorded activity', () => {
    expect(
      isInactive({
        now: NOW,
        lastActivity: null,
        pathname: '/app/my',
        loginPath: LOGIN,
        signedIn: true,
      }),
    ).toBe(false);
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
    const base = { now: NOW, pathname: '/app/my/dashboard', loginPath: LOGIN, signedIn: true };
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
    const base = {
      now: NOW,
      limitMinutes: 1,
      pathname: '/app/my/dashboard',
      loginPath: LOGIN,
      signedIn: true,
    };
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

/** A clock and timers that move only when the test says so. */
function fakeTime(start: number) {
  let now = start;
  let pending: { at: number; task: () => void } | null = null;
  const delays: number[] = [];
  return {
    now: () => now,
    delays,
    schedule: (task: () => void, ms: number) => {
      const entry = { at: now + ms, task };
      pending = entry;
      delays.push(ms);
      return () => {
        if (pending === entry) pending = null;
      };
    },
    /** Moves the clock on, running each check that falls due. */
    advance(ms: number) {
      const end = now + ms;
      while (pending && pending.at <= end) {
        const due: { at: number; task: () => void } = pending;
        pending = null;
        now = due.at;
        due.task();
      }
      now = end;
    },
    isScheduled: () => pending !== null,
  };
}

describe('the inactivity loop (any app: routes and navigation are its inputs)', () => {
  function monitor(overrides: Partial<InactivityMonitorOptions> = {}) {
    const time = fakeTime(NOW);
    let stored: string | null = null;
    const calls = { inactive: 0, keepAlive: 0, warnings: [] as (number | null)[] };
    let interaction: number | null = null;
    const stop = startInactivityMonitor({
      now: time.now,
      schedule: time.schedule,
      readLastActivity: () => stored,
      writeLastActivity: (at) => {
        stored = String(at);
      },
      lastInteraction: () => interaction,
      pathname: () => '/workspace',
      loginPath: '/signin',
      signedIn: true,
      limitMinutes: 5,
      onWarning: (leftMs) => calls.warnings.push(leftMs),
      onInactive: () => {
        calls.inactive += 1;
      },
      keepAlive: () => {
        calls.keepAlive += 1;
        stored = String(time.now());
      },
      ...overrides,
    });
    return {
      time,
      calls,
      stop,
      stored: () => stored,
      use: () => {
        interaction = time.now();
      },
    };
  }

  it('records an activity at start and checks every 3 s', () => {
    const run = monitor();
    expect(run.stored()).toBe(String(NOW));
    run.time.advance(9000);
    expect(run.time.delays.slice(0, 4)).toEqual([3000, 3000, 3000, 3000]);
    expect(run.calls.warnings).toEqual([null, null, null]);
  });

  it('warns, counting down each second, then signs out once through the app', () => {
    const run = monitor();
    run.time.advance(3 * MINUTE + 3000);
    expect(run.calls.warnings.at(-1)).toBe(2 * MINUTE - 3000);
    expect(run.time.delays.at(-1)).toBe(1000);
    run.time.advance(2 * MINUTE);
    expect(run.calls.inactive).toBe(1);
    expect(run.calls.warnings.at(-1)).toBeNull();
    expect(run.time.isScheduled()).toBe(false);
  });

  it('keeps a person who uses the page signed in', () => {
    const run = monitor();
    for (let minute = 0; minute < 10; minute += 1) {
      run.use();
      run.time.advance(MINUTE);
    }
    expect(run.calls.inactive).toBe(0);
    expect(run.calls.keepAlive).toBeGreaterThanOrEqual(9);
  });

  it('never signs out on the app’s own login page', () => {
    const run = monitor({ pathname: () => '/signin' });
    run.time.advance(60 * MINUTE);
    expect(run.calls.inactive).toBe(0);
  });

  it('does nothing for a signed-out visitor, and stops when told', () => {
    const visitor = monitor({ signedIn: false });
    // Nothing stored for a visitor: a sign-out has just cleared the storage, and it stays so.
    expect(visitor.stored()).toBeNull();
    visitor.time.advance(60 * MINUTE);
    expect(visitor.calls.inactive).toBe(0);
    expect(visitor.calls.keepAlive).toBe(0);
    const run = monitor();
    run.stop();
    expect(run.time.isScheduled()).toBe(false);
    run.time.advance(60 * MINUTE);
    expect(run.calls.inactive).toBe(0);
    run.stop();
  });

  it('uses the idle-time constant when no limit is given', () => {
    const run = monitor({ limitMinutes: undefined });
    run.time.advance(29 * MINUTE);
    expect(run.calls.inactive).toBe(0);
    run.time.advance(2 * MINUTE);
    expect(run.calls.inactive).toBe(1);
  });
});
