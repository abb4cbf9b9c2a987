/** A fresh Chromium page per test, with the console's errors collected. */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { chromium, type Browser, type BrowserContext, type Download, type Page } from 'playwright';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { isValidNationalId } from '@tawqi/domain';
import { CHROMIUM_ARGS, ensureChromium } from '../../../scripts/find-chromium.mjs';

export const baseUrl = inject('baseUrl');
/**
 * How long a page may wait on the server's heavy work (PDFs checked, signed, or read on the verify
 * page at a low priority; exports written at the lowest): a bound for a loaded machine, not a
 * duration — beside a CPU-bound load on one core, the own-signing journey passed 30 s, and an
 * export's download did too.
 */
export const HEAVY_WORK_BOUND = { timeout: 120_000 };
export const accessTokenSeconds = inject('accessTokenSeconds');

let browser: Browser;
let closing = false;
/**
 * Starts Chromium. It died once under CI's load on its own (every page gone at once, 2026-11-29):
 * that is said here, the next page starts another, and the test that was running is run once more
 * (vitest.e2e.config.ts retries only that error).
 */
async function launch() {
  const started = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  started.on('disconnected', () => {
    if (!closing) console.error('Chromium ended on its own; the next page starts another.');
  });
  browser = started;
}
beforeAll(launch);
/** Contexts closed after each test, and those a file keeps across its tests (openKeptPage). */
const contexts: BrowserContext[] = [];
const keptContexts: BrowserContext[] = [];
afterAll(async () => {
  closing = true;
  await Promise.all(keptContexts.splice(0).map(closeContext));
  await browser.close();
});
/** Closes a context, which is closed already if its Chromium ended. */
const closeContext = (context: BrowserContext) =>
  context.close().catch((error: unknown) => {
    if (context.browser()?.isConnected()) throw error;
  });

const RESULTS = fileURLToPath(new URL('../test-results/', import.meta.url));

/**
 * A screenshot a reviewer reads (issue 38 asks for pages at 360 px in Arabic), the whole page,
 * written to test-results/screens/<name>.png.
 */
export async function reviewShot(page: Page, name: string): Promise<void> {
  mkdirSync(`${RESULTS}screens`, { recursive: true });
  await page.screenshot({ path: `${RESULTS}screens/${name}.png`, fullPage: true });
}
afterEach(async ({ task }) => {
  // A failed test leaves a screenshot of each of its pages in test-results/ (CI keeps the folder).
  if (task.result?.state === 'fail') {
    mkdirSync(RESULTS, { recursive: true });
    const pages = [...contexts, ...keptContexts].flatMap((context) => context.pages());
    await Promise.all(
      pages.map((page, index) =>
        page
          .screenshot({
            path: `${RESULTS}${task.name.replace(/\W+/g, '-')}-${String(index)}.png`,
            timeout: 5000,
          })
          .catch(() => undefined),
      ),
    );
  }
  await Promise.all(contexts.splice(0).map(closeContext));
});

interface Viewport {
  width: number;
  height: number;
}
const DESKTOP: Viewport = { width: 1280, height: 900 };

/** A desktop window by default; a phone's size where a test asks for it. Closed after the test. */
export async function openPage(
  path = '/',
  viewport: Viewport = DESKTOP,
): Promise<{ page: Page; errors: string[]; context: BrowserContext }> {
  return open(path, viewport, contexts);
}

/**
 * A page kept until the file's tests end: a sweep signs in once (in beforeAll) and then checks
 * one page per test, each with its own time budget, instead of walking every page in one test.
 */
export async function openKeptPage(
  path = '/',
  viewport: Viewport = DESKTOP,
): Promise<{ page: Page; errors: string[]; context: BrowserContext }> {
  return open(path, viewport, keptContexts);
}

async function open(path: string, viewport: Viewport, owner: BrowserContext[]) {
  if (!browser.isConnected()) await launch();
  const context = await browser.newContext({ baseURL: baseUrl, viewport });
  owner.push(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(path);
  return { page, errors, context };
}

export async function htmlLangDir(page: Page): Promise<[string, string]> {
  return page.evaluate(
    () => [document.documentElement.lang, document.documentElement.dir] as [string, string],
  );
}

export async function stored(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => localStorage.getItem(name), key);
}

/**
 * Demo data: two individuals, and an enrolment admin with notifications. The identity app allows
 * three challenges per id in ten minutes, so each is used at most that often in a run.
 */
export const NOURA = '1000000024';
export const MOHAMMED = '1000000016';
export const SARA = '1000000008';
/** The second Enrolment Admin of 314 (signs in through the identity app: his codes are used up). */
export const MAJED = '1000000172';
/** The staff of the L1 provider 408 (issue 36): its Provider Admin, Finance and Approver. */
export const NADA = nationalIdOf('100000030');
export const OMAR = nationalIdOf('100000031');
export const HIND = nationalIdOf('100000032');

/** Picks the number the page shows on the simulator's phone page, opened in another tab. */
export async function approveOnPhone(page: Page, nationalId: string) {
  // The portal shows the number in the page's language (Arabic digits on an Arabic page).
  const shown = await page.getByLabel(/The number to choose|الرقم المطلوب اختياره/u).textContent();
  const number = (shown ?? '')
    .trim()
    .replace(/[٠-٩]/gu, (digit) => String(digit.charCodeAt(0) - 0x0660));
  expect(number).toMatch(/^\d{2}$/);
  const phone = await page.context().newPage();
  await phone.goto(`/simulators/nafath/phone?nationalId=${nationalId}`);
  await phone.getByRole('button', { name: number, exact: true }).click();
  // Left open (closing a page whose form post is still navigating can hang Chromium; the test's
  // context closes it), and the portal's tab brought back to the front, where its timers run at
  // full speed.
  await page.bringToFront();
}

/** Signs in through the identity app, approving on the simulator's phone page. */
export async function signInWithNafath(page: Page, nationalId: string) {
  await page.getByLabel('National ID or Iqama number').fill(nationalId);
  await page.getByRole('button', { name: 'Sign in with Nafath' }).click();
  await approveOnPhone(page, nationalId);
}

/**
 * A national id nobody has used in this run: the identity app allows few challenges per id, so
 * tests that sign in more than once start from an identity of their own.
 */
export function freshNationalId(): string {
  const stem = `1${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  for (let check = 0; check <= 9; check += 1)
    if (isValidNationalId(`${stem}${String(check)}`)) return `${stem}${String(check)}`;
  throw new Error('no check digit fits');
}

/** The national id of a nine-digit stem with its check digit (the world's bulk people). */
export function nationalIdOf(stem: string): string {
  for (let check = 0; check <= 9; check += 1)
    if (isValidNationalId(`${stem}${String(check)}`)) return `${stem}${String(check)}`;
  throw new Error('no check digit fits');
}

/**
 * Creates an individual account through the identity app. The simulator gives each id a person of
 * its own; the header's last button (the user menu) carries that person's name.
 */
export async function enrolWithNafath(page: Page): Promise<{ nationalId: string }> {
  const nationalId = freshNationalId();
  await page.getByRole('tab', { name: 'New account' }).click();
  await page.getByLabel('National ID or Iqama number').fill(nationalId);
  await page.getByRole('button', { name: 'Create my account with Nafath' }).click();
  await approveOnPhone(page, nationalId);
  return { nationalId };
}

/**
 * Signs in with username, password and the one-time code the outbox received (demo password).
 * An account receives at most five codes an hour: a run uses Sara's five and Majed's five; more
 * sign-ins of theirs go through the identity app.
 */
export async function signInWithCode(page: Page, username: string) {
  await page.getByRole('tab', { name: 'Username and code' }).click();
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill('Tawqi-demo-2026');
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await page.getByText(/We sent a 6-digit code/).waitFor();
  // The outbox lists the newest message first.
  const outbox = (await (await fetch(`${baseUrl}/dev/outbox`)).json()) as {
    messages: { body: string }[];
  };
  const code = /\d{6}/.exec(outbox.messages[0]?.body ?? '')?.[0] ?? '';
  await page.getByLabel('One-time code').fill(code);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
}

/** Every public route of SPEC §2 with a page of its own. */
export const PUBLIC_ROUTES = [
  '/',
  '/index',
  '/why-esign',
  '/features',
  '/use-cases',
  '/individual',
  '/organization',
  '/digital-certificate',
  '/plans-pricing',
  '/contact-us',
  '/puchase-plan',
  '/create-account',
  '/verify',
  '/esign/approve',
];

/** Every route of the individual area, under /app/my. */
export const MY_ROUTES = [
  '',
  '/dashboard',
  '/esign/transactions',
  '/esign/sign',
  '/esign/subscriptions',
  '/esign/subscriptions?tab=purchased',
  '/esign/subscriptions?tab=history',
  '/esign/subscriptions?tab=payments',
  '/esign/buy/plans',
  '/dsc/buy',
  '/dsc/manage',
  '/account',
  '/devices',
  '/esigntransaction-status?transactionID=ES-2026000100',
  '/esign/transaction/return/external?transactionID=ES-2026000100',
  '/paymentStatus',
];

/**
 * Presses an export button and reads the file it downloads: its name, its sheets' names, and each
 * column's cells of the grid's sheet — the last: a report's summary comes first — (as text,
 * first data row first) by the column's header in the file's language.
 */
export async function exportedFile(
  page: Page,
  button: string,
): Promise<{ fileName: string; sheetNames: string[]; column: (header: string) => string[] }> {
  const downloaded: Promise<Download> = page.waitForEvent('download', HEAVY_WORK_BOUND);
  await page.getByRole('button', { name: button }).click();
  const download = await downloaded;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets.at(-1);
  if (!sheet) throw new Error('the workbook has no sheet');
  const headers = (sheet.getRow(1).values as unknown[]).map((value) =>
    typeof value === 'string' ? value : '',
  );
  return {
    fileName: download.suggestedFilename(),
    sheetNames: workbook.worksheets.map((one) => one.name),
    column: (header) => {
      const index = headers.indexOf(header);
      if (index < 1) throw new Error(`the file has no column “${header}”: ${headers.join(', ')}`);
      const cells: string[] = [];
      sheet.eachRow((row, number) => {
        if (number > 1) cells.push(row.getCell(index).text);
      });
      return cells;
    },
  };
}

/** How much wider than the window the page is (0 when it fits: no sideways scrolling). */
export async function overflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/** A new individual on the dashboard (fresh identity: the identity app limits challenges). */
export async function newIndividual(): Promise<{ page: Page; errors: string[] }> {
  const { page, errors } = await openPage('/app/login?lng=en');
  await enrolWithNafath(page);
  await page.waitForURL('**/app/my/dashboard');
  return { page, errors };
}

/** From the buy page: the Starter plan, one of it, to the gateway's hosted page. */
export async function orderStarter(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Buy eSign plan' })
    .click();
  await page.getByRole('button', { name: 'Buy Starter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Buy Starter' });
  await dialog.getByRole('button', { name: 'Go to payment' }).click();
  await page.waitForURL('**/simulators/gateway/pay/**');
  // The server's price with 15% VAT: 99.00 + 14.85.
  await page.getByText('113.85 SAR').waitFor();
}
