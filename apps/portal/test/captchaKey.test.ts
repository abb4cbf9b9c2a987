import { describe, expect, it } from 'vitest';
import { captchaKeyReader } from '../src/captchaKey.js';

describe("the robot check's client key (issue 43: fetched on every check)", () => {
  it('is fetched once for every check, and kept', async () => {
    let fetches = 0;
    const kept: string[] = [];
    const clientKey = captchaKeyReader(
      () => Promise.resolve({ clientKey: `key-${String((fetches += 1))}`, provider: 'altcha' }),
      (key) => kept.push(key),
    );
    const answers = await Promise.all([clientKey(), clientKey()]);
    expect((await clientKey()).clientKey).toBe('key-1');
    expect(answers.map((answer) => answer.clientKey)).toEqual(['key-1', 'key-1']);
    expect(fetches).toBe(1);
    expect(kept).toEqual(['key-1']);
  });

  it('asks again after a fetch that failed', async () => {
    let fetches = 0;
    const clientKey = captchaKeyReader(
      () =>
        (fetches += 1) === 1
          ? Promise.reject(new Error('offline'))
          : Promise.resolve({ clientKey: 'key' }),
      () => undefined,
    );
    await expect(clientKey()).rejects.toThrow('offline');
    expect((await clientKey()).clientKey).toBe('key');
    expect(fetches).toBe(2);
  });
});
