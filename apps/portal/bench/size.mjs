#!/usr/bin/env node
// `npm run bench` for the portal: the brotli size of the JavaScript and CSS that a first visit to
// `/` downloads (measured in Chromium, from the requests it makes) and of each route's own chunks.
// Target: ≤ 100 KB brotli for `/`. Reported, not asserted; written to bench-results/size.json.
import { readFileSync, readdirSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { chromium } from 'playwright';
import { preview } from 'vite';
import { CHROMIUM_ARGS, ensureChromium } from '../../../scripts/find-chromium.mjs';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const brotli = (file) =>
  brotliCompressSync(readFileSync(file), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
    .length;
const kb = (bytes) => (bytes / 1024).toFixed(1);

const server = await preview({
  root: fileURLToPath(new URL('..', import.meta.url)),
  logLevel: 'warn',
  preview: { host: '127.0.0.1', port: 0 },
});
const url = server.resolvedUrls?.local[0];
const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
const firstVisit = new Set();
try {
  const page = await browser.newPage();
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (/\.(js|css)$/.test(path)) firstVisit.add(path);
  });
  await page.goto(url);
  await page.waitForLoadState('networkidle');
} finally {
  await browser.close();
  await new Promise((resolve) => server.httpServer.close(resolve));
}

const files = [...firstVisit].map((path) => ({ path, brotli: brotli(join(dist, path)) }));
const total = files.reduce((sum, file) => sum + file.brotli, 0);
const chunks = readdirSync(join(dist, 'assets'))
  .filter((name) => /\.(js|css)$/.test(name))
  .map((name) => ({ name, brotli: brotli(join(dist, 'assets', name)) }))
  .sort((a, b) => b.brotli - a.brotli);

const report = {
  date: new Date().toISOString(),
  firstVisit: { totalBrotliBytes: total, targetBytes: 100 * 1024, files },
  chunks,
};
const out = fileURLToPath(new URL('../bench-results/size.json', import.meta.url));
mkdirSync(fileURLToPath(new URL('../bench-results', import.meta.url)), { recursive: true });
writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
console.log(
  `First visit to / : ${kb(total)} KB brotli of JS and CSS in ${String(files.length)} files (target ≤ 100 KB)`,
);
for (const file of files.sort((a, b) => b.brotli - a.brotli))
  console.log(`  ${kb(file.brotli).padStart(6)} KB  ${file.path}`);
console.log('Largest chunks of the whole build (loaded by the routes that need them):');
for (const chunk of chunks.slice(0, 12))
  console.log(`  ${kb(chunk.brotli).padStart(6)} KB  ${chunk.name}`);
console.log(`Written to ${out}`);
