#!/usr/bin/env node
// Reuse, proven (issue 20): another product gets @tawqi/ui — with @tawqi/domain and @tawqi/api —
// as npm would give it, not as the workspace links it. The three built packages are packed
// (`npm pack`: only what their `files` publish), installed into a throwaway Vite + React app
// outside the workspace, built by Vite, and opened in Chromium, which must show a DataGrid, a
// StatusBadge, a Toast and a Dialog in Arabic, right to left, in the dark theme, with the package's
// CSS applied and nothing logged as an error. The app follows only the ui README: the provider
// wraps the app and nothing themes <html>, so the overlays (the toast, the dialog) must take the
// provider's direction and theme wherever they mount (issue 39). A missing file, missing CSS, a wrong `exports` entry or
// a peer-dependency mistake fails it. Run by `npm test` (turbo `test:consumer`, after the builds).
/* global document, getComputedStyle -- inside page.evaluate, which runs in the page */
import { execFileSync, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { statusWord } from '@tawqi/domain';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS, ensureChromium } from '../../../scripts/find-chromium.mjs';
import { followStart, freePort } from '../../../scripts/start-server.mjs';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const PACKAGES = ['ui', 'domain', 'api'];
const rootPackage = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const uiPackage = JSON.parse(readFileSync(join(ROOT, 'packages/ui/package.json'), 'utf8'));

const run = (command, args, cwd) =>
  execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });

// The full page: every component's styles arrive with the component (no stylesheet imported);
// the font is the one optional import.
const MAIN = `
import '@tawqi/ui/fonts.css';
import { createRoot } from 'react-dom/client';
import { useEffect, useState } from 'react';
import {
  Button,
  DataGrid,
  Dialog,
  StatusBadge,
  Toaster,
  UiProvider,
  createToastQueue,
} from '@tawqi/ui';
import { formatNumber, statusWord, toneOf } from '@tawqi/domain';
import { ENDPOINTS } from '@tawqi/api';

const rows = [
  { id: 'ES-1', status: 'success', documents: 3 },
  { id: 'ES-2', status: 'failure', documents: 12 },
];
const columns = [
  { id: 'id', header: 'رقم العملية', cell: (row) => row.id, isRowHeader: true },
  { id: 'documents', header: 'المستندات', cell: (row) => formatNumber(row.documents, 'ar') },
  {
    id: 'status',
    header: 'الحالة',
    cell: (row) => <StatusBadge tone={toneOf(row.status)} label={statusWord(row.status, 'ar')} />,
  },
];

function App() {
  const [toasts] = useState(() => createToastQueue({ timeoutMs: 60000 }));
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    toasts.show({ variant: 'success', title: 'تم الحفظ' });
  }, [toasts]);
  return (
    <UiProvider locale="ar-SA-u-ca-gregory" theme="dark" className="consumer-root" themeDocument>
      <h1>منتج آخر</h1>
      <p data-calls={ENDPOINTS.length}>{formatNumber(ENDPOINTS.length, 'ar')}</p>
      <DataGrid label="العمليات" columns={columns} rows={rows} rowKey={(row) => row.id} />
      <Button onPress={() => setConfirming(true)}>اعتماد</Button>
      <Dialog title="تأكيد الاعتماد" isOpen={confirming} onOpenChange={setConfirming}>
        <p>هل تريد اعتماد الطلب؟</p>
      </Dialog>
      <Toaster toasts={toasts} />
    </UiProvider>
  );
}

createRoot(document.getElementById('root')).render(<App />);
`;

// The smallest use, to weigh what the package adds: the provider and one badge, beside the same
// markup drawn by React alone.
const BADGE = `
import { createRoot } from 'react-dom/client';
import { StatusBadge, UiProvider } from '@tawqi/ui';

createRoot(document.getElementById('root')).render(
  <UiProvider locale="ar-SA-u-ca-gregory" theme="dark">
    <StatusBadge tone="success" label="ناجحة" />
  </UiProvider>,
);
`;
const REACT_ALONE = `
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')).render(
  <div lang="ar" dir="rtl">
    <span data-tone="success">ناجحة</span>
  </div>,
);
`;
// A team's own test, with the package's test helpers: a grid read by its Arabic names, and a toast.
const HELPERS = `
import { createRoot } from 'react-dom/client';
import { useEffect, useState } from 'react';
import { DataGrid, Toaster, UiProvider, createToastQueue } from '@tawqi/ui';
import { dataGridIn, toastsIn } from '@tawqi/ui/test';

const rows = [{ id: 'ES-1', name: 'نورة' }, { id: 'ES-2', name: 'سارة' }];
const columns = [
  { id: 'id', header: 'رقم العملية', cell: (row) => row.id, isRowHeader: true },
  { id: 'name', header: 'الاسم', cell: (row) => row.name },
];

function App() {
  const [toasts] = useState(() => createToastQueue({ timeoutMs: 60000 }));
  useEffect(() => {
    toasts.show({ variant: 'success', title: 'تم الحفظ' });
  }, [toasts]);
  return (
    <UiProvider locale="ar-SA-u-ca-gregory">
      <DataGrid label="العمليات" columns={columns} rows={rows} rowKey={(row) => row.id} />
      <Toaster toasts={toasts} />
    </UiProvider>
  );
}
createRoot(document.getElementById('root')).render(<App />);

// Read once the toast shows, as a test would wait for it.
const read = () => {
  const [toast] = toastsIn(document.body);
  if (!toast) return requestAnimationFrame(read);
  const grid = dataGridIn(document.body, 'العمليات');
  document.body.dataset.helpers = JSON.stringify({
    columns: grid.columns(),
    rows: grid.rows().length,
    cell: grid.cell('ES-2', 'الاسم').textContent,
    toast: [toast.variant, toast.title],
  });
};
requestAnimationFrame(read);
`;

/** Targets for the provider and one badge: its CSS, gzip, and its JS against React's alone. */
const BADGE_CSS_GZIP = 4 * 1024;
const BADGE_JS_OVER_REACT = 1.1;

/** Whether a computed `rgb(…)` colour is dark (a missing colour is not). */
function isDark(color) {
  const [r = 255, g = 255, b = 255] = (color?.match(/\d+/g) ?? []).map(Number);
  return r + g + b < 200;
}

/** What a page fetched of JS and of CSS, gzip as a server would send it, its files largest first. */
async function weigh(browser, url, ready) {
  const page = await browser.newPage();
  const files = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    const type = /\.(js|css)$/.exec(path)?.[1];
    if (type)
      files.push(response.body().then((body) => ({ path, type, gzip: gzipSync(body).length })));
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.locator(ready).first().waitFor({ timeout: 15_000 });
  const badgeDisplay = await page.evaluate(() => {
    const badge = document.querySelector('[data-tone]');
    return badge ? getComputedStyle(badge).display : null;
  });
  const fetched = (await Promise.all(files)).sort((a, b) => b.gzip - a.gzip);
  await page.close();
  const sum = (type) =>
    fetched.filter((file) => file.type === type).reduce((total, file) => total + file.gzip, 0);
  return { js: sum('js'), css: sum('css'), files: fetched, badgeDisplay };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const work = mkdtempSync(join(tmpdir(), 'tawqi-consumer-'));
let preview;
let browser;
try {
  // 1. Pack what each package publishes.
  const packs = join(work, 'packs');
  mkdirSync(packs);
  const bundledCopies = [];
  const unlicensed = [];
  const tarballs = Object.fromEntries(
    PACKAGES.map((name) => {
      const [packed] = JSON.parse(
        run('npm', ['pack', '--json', '--pack-destination', packs], join(ROOT, 'packages', name)),
      );
      // A dependency's code copied into dist would be a second copy beside the app's own (a second
      // React Aria has its own contexts; a second @internationalized/date its own classes).
      for (const file of packed.files)
        if (file.path.includes('node_modules/')) bundledCopies.push(`@tawqi/${name}: ${file.path}`);
      // What a team may do with it is in the tarball (issue 39: the licence decision).
      if (!packed.files.some((file) => file.path === 'LICENSE')) unlicensed.push(`@tawqi/${name}`);
      return [`@tawqi/${name}`, `file:${join(packs, packed.filename)}`];
    }),
  );

  // 2. A small Vite + React app of another team, outside the workspace.
  const app = join(work, 'app');
  mkdirSync(join(app, 'src'), { recursive: true });
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify(
      {
        name: 'another-product',
        private: true,
        type: 'module',
        dependencies: {
          ...tarballs,
          react: uiPackage.devDependencies.react,
          'react-dom': uiPackage.devDependencies['react-dom'],
        },
        devDependencies: {
          vite: rootPackage.devDependencies.vite,
          '@vitejs/plugin-react': rootPackage.devDependencies['@vitejs/plugin-react'],
        },
      },
      null,
      2,
    ),
  );
  const PAGES = { index: MAIN, badge: BADGE, react: REACT_ALONE, helpers: HELPERS };
  writeFileSync(
    join(app, 'vite.config.js'),
    "import react from '@vitejs/plugin-react';\n" +
      'export default { plugins: [react()], build: { rolldownOptions: { input: ' +
      JSON.stringify(Object.fromEntries(Object.keys(PAGES).map((name) => [name, `${name}.html`]))) +
      ' } } };\n',
  );
  for (const [name, source] of Object.entries(PAGES)) {
    writeFileSync(
      join(app, `${name}.html`),
      // No favicon to ask for: the only 404 allowed would hide a missing file of the packages.
      '<!doctype html><html><head><meta charset="utf-8"><title>consumer</title>' +
        '<link rel="icon" href="data:,"></head>' +
        `<body><div id="root"></div><script type="module" src="/src/${name}.jsx"></script></body></html>`,
    );
    writeFileSync(join(app, `src/${name}.jsx`), source);
  }
  run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], app);

  // The theme as design tokens, where the package's exports say (a designer's tool reads them).
  const resolveInApp = createRequire(join(app, 'package.json')).resolve;
  const tokenCounts = ['light', 'dark'].map((theme) => {
    const file = resolveInApp(`@tawqi/ui/tokens/${theme}.tokens.json`);
    return JSON.stringify(JSON.parse(readFileSync(file, 'utf8'))).match(/"\$type"/g)?.length ?? 0;
  });

  // 3. Built as that team would build it, then served.
  run(join(app, 'node_modules/.bin/vite'), ['build', '--logLevel', 'error'], app);
  const port = await freePort();
  preview = spawn(
    join(app, 'node_modules/.bin/vite'),
    ['preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    { cwd: app, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  // Until it prints its address; a preview that exits or goes silent fails the check.
  await followStart(preview, { ready: String(port) });

  // 4. What a person would see.
  browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  const errors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`http://127.0.0.1:${String(port)}/`);
  await page.getByRole('grid', { name: 'العمليات' }).waitFor({ timeout: 15_000 });
  const seen = await page.evaluate(() => {
    const root = document.querySelector('.consumer-root');
    const badge = document.querySelector('[data-tone]');
    const style = (element) => (element ? getComputedStyle(element) : null);
    return {
      dir: root?.getAttribute('dir'),
      lang: root?.getAttribute('lang'),
      themeClass: root?.className ?? '',
      background: style(root)?.backgroundColor,
      // What fills the window around the app (the canvas takes <html>'s background).
      pageBackground: style(document.documentElement)?.backgroundColor,
      pageDir: document.documentElement.dir,
      accent: style(root)?.getPropertyValue('--tawqi-color-accent').trim(),
      badge: badge?.textContent,
      badgeTone: badge?.getAttribute('data-tone'),
      badgeDisplay: style(badge)?.display,
      calls: Number(document.querySelector('[data-calls]')?.getAttribute('data-calls')),
    };
  });
  // The house font, in the weights the tokens use, drawn from the app's own files.
  const fonts = await page.evaluate(async () => {
    await document.fonts.ready;
    const plex = [...document.fonts].filter((face) => face.family.includes('IBM Plex Sans Arabic'));
    return {
      weights: [...new Set(plex.map((face) => face.weight))].sort(),
      loaded: plex.filter((face) => face.status === 'loaded').length,
      family: getComputedStyle(document.querySelector('h1')).fontFamily,
    };
  });
  const headers = await page.getByRole('columnheader').allTextContents();
  await page.getByText('تم الحفظ').waitFor({ timeout: 15_000 });
  await page.getByRole('button', { name: 'اعتماد' }).click();
  await page.getByRole('dialog', { name: 'تأكيد الاعتماد' }).waitFor({ timeout: 15_000 });
  // What each overlay shows: its direction, its lang, and the theme's colours where it is drawn.
  const overlays = await page.evaluate(() =>
    Object.fromEntries(
      [
        ['toast', '[data-variant]'],
        ['dialog', '[role="dialog"]'],
      ].map(([name, selector]) => {
        const element = document.querySelector(selector);
        const style = element ? getComputedStyle(element) : null;
        // The colour behind it: its own, or the nearest box's that paints one.
        let painted = element;
        while (painted && getComputedStyle(painted).backgroundColor === 'rgba(0, 0, 0, 0)')
          painted = painted.parentElement;
        return [
          name,
          {
            direction: style?.direction,
            lang: element?.closest('[lang]')?.getAttribute('lang'),
            background: painted ? getComputedStyle(painted).backgroundColor : undefined,
            color: style?.color,
          },
        ];
      }),
    ),
  );

  const failures = [];
  const expect = (what, ok) => {
    if (!ok) failures.push(what);
  };
  expect(`right to left (dir ${String(seen.dir)})`, seen.dir === 'rtl');
  expect(
    `the page around the app in its theme (html ${String(seen.pageBackground)}, dir ${String(seen.pageDir)}; the app ${String(seen.background)})`,
    seen.pageBackground === seen.background && seen.pageDir === 'rtl',
  );
  expect(`Arabic (lang ${String(seen.lang)})`, seen.lang?.startsWith('ar'));
  expect(`the dark theme's class (${seen.themeClass})`, /tawqi-theme-dark/.test(seen.themeClass));
  expect(`the tokens' CSS applied (accent "${String(seen.accent)}")`, Boolean(seen.accent));
  expect(`a dark background (${String(seen.background)})`, isDark(seen.background));
  for (const [name, overlay] of Object.entries(overlays)) {
    expect(`the ${name} right to left (${String(overlay.direction)})`, overlay.direction === 'rtl');
    expect(`the ${name} in Arabic (lang ${String(overlay.lang)})`, overlay.lang?.startsWith('ar'));
    expect(`the ${name} dark (${String(overlay.background)})`, isDark(overlay.background));
    expect(`the ${name}'s text light (${String(overlay.color)})`, !isDark(overlay.color));
  }
  expect(
    `no dependency's code inside a package (${bundledCopies.slice(0, 3).join(', ')})`,
    bundledCopies.length === 0,
  );
  expect(
    `the font's weights 400, 500 and 700 (${fonts.weights.join(', ')})`,
    ['400', '500', '700'].every((weight) => fonts.weights.includes(weight)),
  );
  expect(`the font in use (${fonts.family}, ${String(fonts.loaded)} loaded)`, fonts.loaded > 0);
  expect(`a LICENSE in every package (${unlicensed.join(', ')})`, unlicensed.length === 0);
  expect(`the badge's words (${String(seen.badge)})`, seen.badge === statusWord('success', 'ar'));
  expect(`the badge's tone (${String(seen.badgeTone)})`, seen.badgeTone === 'success');
  expect(
    `the badge styled (display ${String(seen.badgeDisplay)})`,
    seen.badgeDisplay === 'inline-flex',
  );
  expect(`the grid's Arabic headers (${headers.join(', ')})`, headers.includes('الحالة'));
  expect(`the api's contract (${String(seen.calls)} calls)`, seen.calls > 100);
  expect(`no errors (${errors.join(' | ')})`, errors.length === 0);
  expect(
    `design tokens for both themes, alike in number (${tokenCounts.join(', ')})`,
    tokenCounts[0] > 50 && tokenCounts[0] === tokenCounts[1],
  );

  // 5. The test helpers, as another team's test uses them.
  const origin = `http://127.0.0.1:${String(port)}`;
  const helpersPage = await browser.newPage();
  await helpersPage.goto(`${origin}/helpers.html`);
  await helpersPage.locator('body[data-helpers]').waitFor({ state: 'attached', timeout: 15_000 });
  const helpers = JSON.parse(await helpersPage.locator('body').getAttribute('data-helpers'));
  await helpersPage.close();
  expect(
    `@tawqi/ui/test reads the grid and the toast (${JSON.stringify(helpers)})`,
    JSON.stringify(helpers) ===
      JSON.stringify({
        columns: ['رقم العملية', 'الاسم'],
        rows: 2,
        cell: 'سارة',
        toast: ['success', 'تم الحفظ'],
      }),
  );

  // 6. What the package costs a page (gzip): only what it imports.
  const full = await weigh(browser, `${origin}/`, '[role="grid"]');
  const badge = await weigh(browser, `${origin}/badge.html`, '[data-tone]');
  const alone = await weigh(browser, `${origin}/react.html`, '[data-tone]');
  expect(
    `the lone badge styled (display ${String(badge.badgeDisplay)})`,
    badge.badgeDisplay === 'inline-flex',
  );
  expect(
    `the provider and one badge: CSS ${kb(badge.css)} within ${kb(BADGE_CSS_GZIP)}`,
    badge.css <= BADGE_CSS_GZIP,
  );
  expect(
    `the provider and one badge: JS ${kb(badge.js)} within ${String(BADGE_JS_OVER_REACT)}× React's alone (${kb(alone.js)})`,
    badge.js <= alone.js * BADGE_JS_OVER_REACT,
  );
  console.log(
    [
      'What a page of another product loads, gzip:',
      `- React alone: JS ${kb(alone.js)}`,
      `- the provider and one badge: JS ${kb(badge.js)} (${(badge.js / alone.js).toFixed(2)}× React's), CSS ${kb(badge.css)}`,
      `- the full page (grid, badge, button, dialog, toast): JS ${kb(full.js)}, CSS ${kb(full.css)}; largest:`,
      ...full.files.slice(0, 5).map((file) => `    ${kb(file.gzip)} ${file.path}`),
    ].join('\n'),
  );
  if (failures.length > 0) {
    console.error(`The packed packages did not work in another app:\n- ${failures.join('\n- ')}`);
    process.exitCode = 1;
  } else {
    console.log(
      `consumer check: ${PACKAGES.map((name) => `@tawqi/${name}`).join(', ')} packed, installed, built and shown in Arabic, RTL, dark`,
    );
  }
} finally {
  await browser?.close();
  preview?.kill();
  rmSync(work, { recursive: true, force: true });
}
