import { chromium } from 'playwright';
import { createServer } from 'node:http';
import sirv from 'sirv';
import { CHROMIUM_ARGS, ensureChromium } from '/work/main/scripts/find-chromium.mjs';
const serve = sirv('/work/main/apps/storybook/storybook-static', { dev: true });
const server = createServer(serve).listen(0, '127.0.0.1');
await new Promise((r) => server.once('listening', r));
const port = server.address().port;
const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
const ids = process.argv.slice(2);
for (const width of [1280, 360]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  for (const id of ids) {
    await page.goto(`http://127.0.0.1:${port}/iframe.html?id=${id}&viewMode=story`);
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `/tmp/walk-${id}-${width}.png`, fullPage: true });
  }
  await page.close();
}
await browser.close(); server.close();
