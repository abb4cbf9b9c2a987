#!/usr/bin/env node
/* global window -- the page.evaluate callbacks run in the browser */
// `npm run bench` for the ui package: builds the benchmark page for production, serves it on
// 127.0.0.1, runs it in Debian's Chromium, writes bench-results/datagrid.json and prints it.
// Targets (ISSUE: ui): page swap ≤ 1.5× a plain table; 100,000 rows mount ≤ 100 ms with ≤ 1,000
// DOM nodes. They are reported, not asserted: speed is measured here, never in timed tests.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { chromium } from 'playwright';
import { build, preview } from 'vite';
import { CHROMIUM_ARGS, ensureChromium } from '../../../scripts/find-chromium.mjs';

const root = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('../bench-results/page', import.meta.url));
const resultFile = fileURLToPath(new URL('../bench-results/datagrid.json', import.meta.url));

const config = {
  root,
  logLevel: 'warn',
  plugins: [vanillaExtractPlugin()],
  resolve: { conditions: ['@tawqi/source'] },
  build: { outDir, emptyOutDir: true },
  preview: { host: '127.0.0.1', port: 0, strictPort: false },
};

await build({ ...config, mode: 'production' });
const server = await preview(config);
const url = server.resolvedUrls?.local[0];
if (!url) throw new Error('the preview server has no address');

const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(url);
  await page.waitForFunction(() => typeof window.runBench === 'function');
  const results = await page.evaluate(() => window.runBench());
  const report = { date: new Date().toISOString(), chromium: browser.version(), ...results };
  mkdirSync(fileURLToPath(new URL('../bench-results', import.meta.url)), { recursive: true });
  writeFileSync(resultFile, `${JSON.stringify(report, null, 2)}\n`);
  const { pageSwap, largeSet } = results;
  const fixed = (value) => value.toFixed(2);
  console.log('DataGrid benchmark (Chromium, production build)');
  console.log(
    `  100-row page swap: DataGrid ${fixed(pageSwap.dataGridMs)} ms, plain table ${fixed(pageSwap.plainTableMs)} ms, ratio ${fixed(pageSwap.ratio)}× (target ≤ 1.5×)`,
  );
  console.log(
    `  100,000 rows: mount ${fixed(largeSet.mountMs)} ms (target ≤ 100), DOM nodes ${String(largeSet.domNodes)} (target ≤ 1,000), after scrolling ${String(largeSet.domNodesAfterScroll)}, aria-rowcount ${String(largeSet.ariaRowCount)}`,
  );
  console.log(
    `  scrolling frames: median ${fixed(largeSet.frameMs.median)} ms, p95 ${fixed(largeSet.frameMs.p95)} ms, max ${fixed(largeSet.frameMs.max)} ms`,
  );
  console.log(`  written to ${resultFile}`);
} finally {
  await browser.close();
  await new Promise((resolve) => server.httpServer.close(resolve));
}
