import { afterEach, describe, expect, it, vi } from 'vitest';
import { arrivalRead } from '../src/arrivalRead.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('a read started before its screen appears', () => {
  it('hands the early answer to the screen once, then reads anew', async () => {
    let reads = 0;
    const read = arrivalRead(() => Promise.resolve((reads += 1)));
    read.start();
    expect(reads).toBe(1);
    expect(await read()).toBe(1);
    expect(await read()).toBe(2);
    expect(reads).toBe(2);
  });

  it('reads anew when the early answer is no longer fresh', async () => {
    vi.useFakeTimers();
    let reads = 0;
    const read = arrivalRead(() => Promise.resolve((reads += 1)));
    read.start();
    vi.advanceTimersByTime(10_001);
    expect(await read()).toBe(2);
  });

  it('leaves a failed early read to the screen, which sees the failure when it takes it', async () => {
    const read = arrivalRead(() => Promise.reject(new Error('offline')));
    read.start();
    await expect(read()).rejects.toThrow('offline');
  });
});
