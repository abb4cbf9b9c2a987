/**
 * `/locales/{lng}/{ns}.json` (SPEC §7 "Translations"): the portal's translation files, read from
 * the locales folder (the portal's `public/locales`, or its build). A namespace that does not exist
 * answers 404, which the portal's loader does not retry (SPEC §8).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Handlers } from '../../http/contractRoutes.js';
import { TRANSLATIONS_CACHE_CONTROL } from '../../http/app.js';
import { AppError } from '../../http/errors.js';

export function translationHandlers(localesDir: string): Handlers {
  return {
    translations: async ({ input, reply }) => {
      // lng and ns are checked against the contract's lists: no path can be built from them.
      const file = join(localesDir, input.params.lng, `${input.params.ns}.json`);
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch {
        throw new AppError(404, 'NOT_FOUND');
      }
      void reply.header('cache-control', TRANSLATIONS_CACHE_CONTROL);
      return JSON.parse(text) as unknown;
    },
  };
}
