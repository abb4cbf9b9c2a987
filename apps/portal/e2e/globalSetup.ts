/** Starts the built server (embedded PostgreSQL, demo data, the built portal) on free ports. */
import type { TestProject } from 'vitest/node';
import { startBuiltServer } from '../../../scripts/start-server.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    accessTokenSeconds: number;
  }
}

const ACCESS_TOKEN_SECONDS = 10;

let stop: (() => Promise<void>) | null = null;

export async function setup(project: TestProject): Promise<void> {
  const server = await startBuiltServer({
    // Short enough to test within the run: tokens expire after 10 s (the client refreshes and
    // retries), and a minute without activity signs the user out (tests move the page's clock).
    env: { ACCESS_TOKEN_SECONDS: String(ACCESS_TOKEN_SECONDS), INACTIVITY_MINUTES: '1' },
    logFile: process.env.E2E_SERVER_LOG,
  });
  stop = server.stop;
  project.provide('baseUrl', server.baseUrl);
  project.provide('accessTokenSeconds', ACCESS_TOKEN_SECONDS);
}

export async function teardown(): Promise<void> {
  await stop?.();
}
