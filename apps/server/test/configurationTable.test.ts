/** The configuration's one table, made from the schema the server checks its environment with. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_SCHEMA } from '../src/config.js';
import { configurationTable } from '../src/tools/configurationTable.js';

describe('docs/configuration.md', () => {
  it('is what config.ts says, setting by setting (npm run docs:configuration renews it)', () => {
    const written = readFileSync(new URL('../docs/configuration.md', import.meta.url), 'utf8');
    expect(written).toBe(configurationTable());
    // Every setting is there with what it means: none without its words.
    for (const [name, field] of Object.entries(CONFIG_SCHEMA.shape)) {
      expect(field.description, name).toBeTruthy();
      expect(written).toContain(`| \`${name}\` |`);
    }
  });
});
