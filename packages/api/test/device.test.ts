import { STORAGE_KEYS } from '@tawqi/domain';
import { describe, expect, it, vi } from 'vitest';
import {
  browserCharacteristics,
  browserCoordinator,
  computeDeviceId,
  ensureDeviceId,
  localCoordinator,
  memoryStorage,
  type BrowserCharacteristics,
} from '../src/index.js';

const laptop: BrowserCharacteristics = {
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/150',
  languages: ['ar-SA', 'en-US'],
  platform: 'Linux x86_64',
  hardwareConcurrency: 8,
  timeZone: 'Asia/Riyadh',
  screen: '1920x1080',
  colorDepth: 24,
  pixelRatio: 1,
  maxTouchPoints: 0,
};

describe('device id (SPEC §3: a visitor hash of browser characteristics)', () => {
  it('is the SHA-256 of the characteristics and the seed, whatever their key order', async () => {
    const id = await computeDeviceId(laptop, 'seed-1');
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    const reordered = Object.fromEntries(
      Object.entries(laptop).reverse(),
    ) as unknown as BrowserCharacteristics;
    expect(await computeDeviceId(reordered, 'seed-1')).toBe(id);
  });

  it('differs between browsers, and between identical machines by their seed', async () => {
    const id = await computeDeviceId(laptop, 'seed-1');
    expect(await computeDeviceId({ ...laptop, screen: '1280x800' }, 'seed-1')).not.toBe(id);
    expect(await computeDeviceId(laptop, 'seed-2')).not.toBe(id);
  });

  it('is computed once, stored under the spec’s key, and reused', async () => {
    const storage = memoryStorage();
    const characteristics = vi.fn(() => laptop);
    const first = await ensureDeviceId(storage, characteristics);
    expect(storage.getItem(STORAGE_KEYS.deviceId)).toBe(first);
    expect(await ensureDeviceId(storage, characteristics)).toBe(first);
    expect(characteristics).toHaveBeenCalledTimes(1);
  });

  it('replaces a stored value that is not a device id', async () => {
    const storage = memoryStorage({ [STORAGE_KEYS.deviceId]: 'tampered' });
    expect(await ensureDeviceId(storage, () => laptop)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reads the characteristics a browser offers, and empty values where it offers none', () => {
    const scope = {
      navigator: {
        userAgent: 'UA',
        languages: ['ar'],
        platform: 'P',
        hardwareConcurrency: 4,
        maxTouchPoints: 5,
      },
      screen: { width: 390, height: 844, colorDepth: 30 },
      devicePixelRatio: 3,
    } as unknown as typeof globalThis;
    expect(browserCharacteristics(scope)).toMatchObject({
      userAgent: 'UA',
      languages: ['ar'],
      screen: '390x844',
      colorDepth: 30,
      pixelRatio: 3,
      maxTouchPoints: 5,
    });
    expect(browserCharacteristics({} as typeof globalThis)).toMatchObject({
      userAgent: '',
      languages: [],
      screen: '0x0',
      pixelRatio: 1,
    });
  });
});

describe('coordinating tabs', () => {
  it('delivers a session to the other tabs through a BroadcastChannel, not to the sender', async () => {
    const sender = browserCoordinator<string>();
    const receiver = browserCoordinator<string>();
    const heard: string[] = [];
    const echo: string[] = [];
    receiver.subscribe((session) => heard.push(session));
    sender.subscribe((session) => echo.push(session));
    sender.publish('access-2');
    await vi.waitFor(() => {
      expect(heard).toEqual(['access-2']);
    });
    expect(echo).toEqual([]);
    sender.close();
    receiver.close();
  });

  it('runs exclusive tasks one at a time, even when one fails', async () => {
    const coordinator = localCoordinator<never>();
    const order: string[] = [];
    const slow = coordinator.runExclusive(async () => {
      order.push('a-start');
      await new Promise((resolve) => setTimeout(resolve, 10));
      order.push('a-end');
      throw new Error('a failed');
    });
    const fast = coordinator.runExclusive(() => {
      order.push('b');
      return Promise.resolve('b-done');
    });
    await expect(slow).rejects.toThrow('a failed');
    await expect(fast).resolves.toBe('b-done');
    expect(order).toEqual(['a-start', 'a-end', 'b']);
  });

  it('runs exclusive tasks under the Web Locks API where the browser has it', async () => {
    const request = vi.fn((_name: string, task: () => Promise<unknown>) => task());
    const coordinator = browserCoordinator<never>({
      navigator: { locks: { request } },
    } as unknown as typeof globalThis);
    await expect(coordinator.runExclusive(() => Promise.resolve(7))).resolves.toBe(7);
    expect(request).toHaveBeenCalledWith('tawqi-session-refresh', expect.any(Function));
    coordinator.close();
  });

  it('works alone where there is no BroadcastChannel', () => {
    const coordinator = browserCoordinator<string>({} as typeof globalThis);
    const listener = vi.fn();
    const unsubscribe = coordinator.subscribe(listener);
    expect(() => {
      coordinator.publish('ignored');
      unsubscribe();
      coordinator.close();
    }).not.toThrow();
    expect(listener).not.toHaveBeenCalled();
  });
});
