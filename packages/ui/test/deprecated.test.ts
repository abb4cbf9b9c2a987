import { afterEach, describe, expect, it, vi } from 'vitest';
import { warnDeprecated } from '../src/components/parts/deprecated.js';

describe('the deprecation warning', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('names what replaces it, once, in development', () => {
    vi.stubEnv('NODE_ENV', 'development');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    warnDeprecated('`Card`’s `hint`', '`StatCard`’s `hint`');
    warnDeprecated('`Card`’s `hint`', '`StatCard`’s `hint`');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain('use `StatCard`’s `hint` instead');
    expect(warn.mock.calls[0]?.[0]).toContain('next major release');
  });

  it('says nothing in a production build', () => {
    vi.stubEnv('NODE_ENV', 'production');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    warnDeprecated('`Old`', '`New`');
    expect(warn).not.toHaveBeenCalled();
  });
});
