#!/usr/bin/env node
/* global document -- the readiness check runs in the page */
// `npm run bench` for the portal: how long a page takes to be usable, on loopback, in Chromium,
// against the built server and portal (what `npm start` serves). A page counts as ready when its
// heading is shown, nothing on it is loading any more (no progress indicator, nothing busy) and its
// fonts are loaded.
//   public — the home page, /, as a newcomer sees it: a fresh browser context, nothing cached
//   app    — the individual dashboard, opened by a signed-in person in a new tab of the browser
//            they use the portal in (the session is restored from the stored refresh token, then
//            the page and its data load; the build's files are cached, as after any visit)
// Targets: app ≤ 650 ms, public ≤ 500 ms (medians). Reported, not asserted: the numbers
// of this run beside those in bench/ready-baseline.json (the build before the loading work).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS, ensureChromium } from '../../../scripts/find-chromium.mjs';
import { startBuiltServer } from '../../../scripts/start-server.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 12);
const TARGETS = { public: 500, app: 650 };
const NOURA = '1000000024';

/** Waits, frame by frame, until the page is usable; answers the time since navigation began. */
async function readyAfter(page) {
  const handle = await page.waitForFunction(
    () => {
      const heading = document.querySelector('main h1');
      const loading = document.querySelector('[role="progressbar"], [aria-busy="true"]');
      const ready = heading?.textContent?.trim() && !loading && document.fonts.status === 'loaded';
      return ready ? performance.now() : false;
    },
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
  return Math.round(await handle.jsonValue());
}

async function signIn(browser, baseUrl) {
  const context = await browser.newContext({ baseURL: baseUrl });
  const page = await context.newPage();
  await page.goto('/app/login?lng=en');
  await page.getByLabel('National ID or Iqama number').fill(NOURA);
  await page.getByRole('button', { name: 'Sign in with Nafath' }).click();
  const number = (await page.getByLabel(/The number to choose/).textContent())?.trim() ?? '';
  const phone = await context.newPage();
  await phone.goto(`/simulators/nafath/phone?nationalId=${NOURA}`);
  await phone.getByRole('button', { name: number, exact: true }).click();
  await page.bringToFront();
  await page.waitForURL(/\/app\/my\/dashboard/, { timeout: 60_000 });
  // Measured in Arabic, the language a newcomer gets.
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'ar'));
  const state = await context.storageState();
  await context.close();
  return state;
}

const statistics = (samples) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (fraction) =>
    sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))];
  return { median: at(0.5), p90: at(0.9), min: sorted[0], max: sorted.at(-1), samples };
};

const server = await startBuiltServer();
const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
const results = {};
try {
  // A newcomer: a fresh browser context each time, nothing cached.
  const firstVisits = [];
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext({ baseURL: server.baseUrl });
    const page = await context.newPage();
    await page.goto('/');
    firstVisits.push(await readyAfter(page));
    await context.close();
  }
  results.public = statistics(firstVisits);

  // A signed-in person opening the dashboard in a new tab of the browser they use the portal in
  // (its cache holds what earlier visits loaded). Each opening rotates the refresh token, which
  // the context keeps for the next.
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    storageState: await signIn(browser, server.baseUrl),
  });
  const openings = [];
  for (let run = -1; run < RUNS; run += 1) {
    const page = await context.newPage();
    await page.goto('/app/my/dashboard');
    const readyAt = await readyAfter(page);
    if (!page.url().includes('/app/my/dashboard'))
      throw new Error(`the dashboard did not open (at ${page.url()})`);
    // The first opening fills the cache as the person's earlier visits would have.
    if (run >= 0) openings.push(readyAt);
    await page.close();
  }
  await context.close();
  results.app = statistics(openings);
} finally {
  await browser.close();
  await server.stop();
}

const baselineFile = fileURLToPath(new URL('./ready-baseline.json', import.meta.url));
let baseline = null;
try {
  baseline = JSON.parse(readFileSync(baselineFile, 'utf8'));
} catch {
  // No baseline yet: this run's numbers are the only ones.
}
const report = { date: new Date().toISOString(), runs: RUNS, targets: TARGETS, ...results };
const out = fileURLToPath(new URL('../bench-results/ready.json', import.meta.url));
mkdirSync(fileURLToPath(new URL('../bench-results', import.meta.url)), { recursive: true });
writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
console.log(`Ready to use, on loopback, median (p90) of ${String(RUNS)} openings each:`);
for (const kind of ['public', 'app']) {
  const now = results[kind];
  const before = baseline?.[kind];
  const beforeText = before ? `before ${String(before.median)} ms (${String(before.p90)}) → ` : '';
  console.log(
    `  ${kind.padEnd(6)} ${beforeText}now ${String(now.median)} ms (${String(now.p90)}), target ≤ ${String(TARGETS[kind])} ms`,
  );
}
if (baseline) console.log(`  (before: ${baseline.note})`);
console.log(`Written to ${out}`);
