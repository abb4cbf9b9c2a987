import { chromium } from 'playwright';
import { CHROMIUM_ARGS, ensureChromium } from '../../scripts/find-chromium.mjs';
const base = process.env.BASE ?? 'http://127.0.0.1:3300';
const routes = (process.env.ROUTES ?? 'dashboard,esign/subscriptions,esign/subscriptions?tab=purchased,esign/subscriptions?tab=history,esign/subscriptions?tab=payments,esign/buy/plans,esign/transactions,esigntransaction-status?transactionID=ES-2026000102,esign/transaction/return/external?transactionID=ES-2026000102,account,devices,paymentStatus,dsc/buy').split(',');
const langs = (process.env.LANGS ?? 'en,ar').split(',');
const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } });
const page = await context.newPage();
const errors = [];
page.on('console', (m) => { if (m.type() === 'error') errors.push(`${page.url()} ${m.text()}`); });
page.on('pageerror', (e) => errors.push(`${page.url()} ${e}`));
await page.goto('/app/login?lng=en');
await page.getByRole('tab', { name: 'Username and code' }).click();
await page.getByLabel('Username', { exact: true }).fill('sara');
await page.getByLabel('Password', { exact: true }).fill('Tawqi-demo-2026');
await page.getByRole('button', { name: 'Send me a code' }).click();
await page.getByText(/We sent a 6-digit code/).waitFor();
const outbox = await (await fetch(`${base}/dev/outbox`)).json();
const bodies = outbox.messages.map((m) => m.body);
const code = /\d{6}/.exec(bodies[0])?.[0];
await page.getByLabel('One-time code').fill(code);
await page.getByRole('button', { name: 'Verify and sign in' }).click();
await page.waitForURL('**/app/org/dashboard');
if (process.env.PROBE) { await page.goto(process.env.PROBE); await page.waitForTimeout(1500); console.log(page.url()); await page.evaluate(() => { history.pushState(null, "", "/app/my/esign/subscriptions?tab=payments"); dispatchEvent(new PopStateEvent("popstate")); }); await page.waitForTimeout(1000); console.log(page.url(), await page.getByRole("tab", {selected: true}).textContent()); }
for (const lang of langs) {
  for (const route of routes) {
    const sep = route.includes('?') ? '&' : '?';
    await page.goto(`/app/my/${route}${sep}lng=${lang}`);
    await page.waitForTimeout(1500);
    const name = `${lang}-${route.replace(/\W+/g, '_')}.png`;
    await page.screenshot({ path: `/tmp/shots/${name}`, fullPage: true });
  }
}
console.log(errors.join('\n') || 'no console errors');
await browser.close();
