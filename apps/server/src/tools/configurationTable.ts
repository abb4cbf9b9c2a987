/**
 * `npm run docs:configuration -w @tawqi/server`: writes docs/configuration.md, every setting of
 * config.ts with its default and meaning, from the schema the server checks its environment with
 * (test/configurationTable.test.ts fails when the file and the schema differ).
 */
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { z } from 'zod';
import { CONFIG_SCHEMA } from '../config.js';

/** A setting's default as the table shows it; `(none)` when it has none. */
function defaultOf(field: z.ZodType): string {
  let at: z.ZodType | undefined = field;
  while (at) {
    const def = at.def as { type: string; defaultValue?: unknown; innerType?: z.ZodType };
    if (def.type === 'default') {
      const value = def.defaultValue;
      return `\`${String(typeof value === 'function' ? (value as () => unknown)() : value)}\``;
    }
    at = def.innerType;
  }
  return '(none)';
}

/** docs/configuration.md: a line of introduction and one row per setting, in config.ts's order. */
export function configurationTable(): string {
  const rows = Object.entries(CONFIG_SCHEMA.shape).map(
    ([name, field]) =>
      `| \`${name}\` | ${defaultOf(field as z.ZodType)} | ${(field.description ?? '').replaceAll('|', '\\|')} |`,
  );
  return [
    '# Configuration',
    '',
    'Every setting of the server, made from `src/config.ts` (`npm run docs:configuration -w @tawqi/server`).',
    '`npm start` needs none of them; a wrong value stops the server with a message naming the setting',
    "(a secret's value is never repeated). Production requires more of them: `src/config.ts` says which.",
    '',
    '| setting | default | what it is |',
    '| --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  writeFileSync(new URL('../../docs/configuration.md', import.meta.url), configurationTable());
