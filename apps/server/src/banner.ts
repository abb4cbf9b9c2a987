/**
 * What `npm start` says once it is ready: where Tawqi runs, its simulators and the demo
 * identities. Printed last, reprinted when Enter is pressed in the terminal, and by
 * `npm run demo:info` from another one, so it is never lost behind other output.
 */
import type { Config } from './config.js';
import { DEMO_APP_PREFIX } from './demo/esignApp/demoApp.js';
import { SIMULATOR_PREFIX } from './adapters/nafath/simulator.js';
import { GATEWAY_PREFIX } from './adapters/payments/simulator.js';
import { DEMO_PASSWORD, DEMO_PEOPLE, nationalId } from './demo/seed.js';
import { PROVIDER_STAFF_PEOPLE, WORLD_PEOPLE } from './demo/world.js';

/** The banner; `interactive` when Enter in this terminal can show it again. */
export function bannerOf(
  config: Config,
  database: string,
  interactive = process.stdin.isTTY,
): string {
  const address = `http://${config.HOST}:${String(config.PORT)}`;
  const simulated = [
    config.nafath.kind === 'simulator' &&
      `  national identity app simulator (phone): ${address}${SIMULATOR_PREFIX}/phone`,
    config.gateway.kind === 'simulator' &&
      `  payment gateway simulator: ${address}${GATEWAY_PREFIX}`,
    config.devPages && `  one-time codes outbox: ${address}/dev/outbox`,
    config.demo &&
      `  demo integrating application (send a PDF for signing): ${address}${DEMO_APP_PREFIX}`,
    `  verify a signed PDF: ${address}/verify`,
  ].filter((line): line is string => typeof line === 'string');
  return [
    '',
    `Tawqi is running at ${address} — ${config.demo ? 'DEMO MODE: simulators, demo data and public demo secrets; not for real use' : 'production mode'}`,
    `  database: ${database}`,
    `  health: ${address}/health   readiness: ${address}/ready`,
    ...simulated,
    ...(config.demoData
      ? [
          '  demo identities (password for credentials sign-in: ' + DEMO_PASSWORD + '):',
          ...[
            ...DEMO_PEOPLE,
            ...[...WORLD_PEOPLE, ...PROVIDER_STAFF_PEOPLE].map((person) => ({
              ...person,
              nationalId: nationalId(person.nationalIdStem),
            })),
          ].map(
            (person) =>
              `    ${person.nationalId}  ${person.username.padEnd(11)} ${person.en} — ${person.role}`,
          ),
        ]
      : []),
    interactive
      ? '  (press Enter to show this again; Ctrl+C stops Tawqi)'
      : '  (`npm run demo:info` shows this again from another terminal)',
    '',
  ].join('\n');
}

/**
 * The banner's database line: which database, and what this start did to it in a few words (the
 * names of the migrations are in its schema_migrations table).
 */
export function databaseLine(embedded: boolean, applied: string[], seeded: string[]): string {
  const done = [
    applied.length > 0 &&
      `${String(applied.length)} migration${applied.length === 1 ? '' : 's'} applied, the last ${applied.at(-1) ?? ''}`,
    seeded.length > 0 &&
      `demo data seeded (${String(seeded.length)} step${seeded.length === 1 ? '' : 's'})`,
  ].filter((part): part is string => typeof part === 'string');
  return `${embedded ? 'embedded PostgreSQL' : 'DATABASE_URL'}${done.length ? ` (${done.join('; ')})` : ''}`;
}
