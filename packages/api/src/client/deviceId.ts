/**
 * The device id sent as X-DEVICE-ID (SPEC §3): "a visitor hash computed from browser
 * characteristics", SHA-256 through WebCrypto, kept in local storage.
 *
 * Ours: a random seed made once per browser joins the characteristics, so that two identical
 * managed laptops do not share an id (the server binds refresh tokens to it). Clearing storage
 * makes a new device, as a new browser would be.
 */
import { STORAGE_KEYS } from '@tawqi/domain';
import type { KeyValueStorage } from './storage.js';

export interface BrowserCharacteristics {
  userAgent: string;
  languages: readonly string[];
  platform: string;
  hardwareConcurrency: number;
  timeZone: string;
  screen: string;
  colorDepth: number;
  pixelRatio: number;
  maxTouchPoints: number;
}

/** What this browser tells about itself; missing values are empty, never a failure. */
export function browserCharacteristics(
  scope: typeof globalThis = globalThis,
): BrowserCharacteristics {
  const navigator = scope.navigator as Partial<Navigator> | undefined;
  const screen = (scope as { screen?: Partial<Screen> }).screen;
  return {
    userAgent: navigator?.userAgent ?? '',
    languages: navigator?.languages ?? [],
    platform: navigator?.platform ?? '',
    hardwareConcurrency: navigator?.hardwareConcurrency ?? 0,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    screen: `${screen?.width ?? 0}x${screen?.height ?? 0}`,
    colorDepth: screen?.colorDepth ?? 0,
    pixelRatio: (scope as { devicePixelRatio?: number }).devicePixelRatio ?? 1,
    maxTouchPoints: navigator?.maxTouchPoints ?? 0,
  };
}

/** SHA-256 (hex) of the characteristics and the seed, in a fixed key order. */
export async function computeDeviceId(
  characteristics: BrowserCharacteristics,
  seed: string,
): Promise<string> {
  const canonical = JSON.stringify(
    Object.keys(characteristics)
      .sort()
      .map((key) => [key, characteristics[key as keyof BrowserCharacteristics]]),
  );
  const digest = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(`${seed}|${canonical}`),
  );
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

const DEVICE_ID = /^[0-9a-f]{64}$/;

/** The stored device id, or a new one computed and stored. */
export async function ensureDeviceId(
  storage: KeyValueStorage,
  characteristics: () => BrowserCharacteristics = browserCharacteristics,
): Promise<string> {
  const stored = storage.getItem(STORAGE_KEYS.deviceId);
  if (stored && DEVICE_ID.test(stored)) return stored;
  const id = await computeDeviceId(characteristics(), crypto.randomUUID());
  storage.setItem(STORAGE_KEYS.deviceId, id);
  return id;
}
