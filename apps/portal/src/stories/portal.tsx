/**
 * Story support for the portal's screens (imported by stories only, never by the app): each story
 * starts from a clean state — the toolbar's language and theme in the one jotai store and in
 * i18next (translations read from /locales, which Storybook serves from the portal's public
 * folder), the story's session or none — and renders at its route in a memory location, with the
 * app's toast region. Network calls are answered by Mock Service Worker (Storybook's preview).
 */
import { CONTRACT, type EndpointId, type SessionData } from '@tawqi/api';
import { createFixtures } from '@tawqi/api/fixtures';
import { mockStates, mockUrl } from '@tawqi/api/msw';
import { NAMESPACES, STORAGE_KEYS, intlLocale, parseTheme } from '@tawqi/domain';
import { LinkRouter, Toaster, UI_STRINGS, type UiStringKey } from '@tawqi/ui';
import { dataGridIn } from '@tawqi/ui/test';
import type { Decorator } from '@storybook/react-vite';
import i18next from 'i18next';
import { Provider } from 'jotai';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { useState, type ReactNode } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { api } from '../api.js';
import { initI18n } from '../i18n.js';
import { resetPageArrival } from '../pageArrival.js';
import { queryClient } from '../queries.js';
import { languageAtom, sessionAtom, themeAtom } from '../state/atoms.js';
import { store } from '../state/store.js';
import { toasts } from '../toasts.js';

type Globals = Record<string, unknown>;

export interface PortalStoryParameters {
  /** The path the story renders at (default `/`). */
  route?: string;
  /** The signed-in session, or none. */
  session?: SessionData | null;
  /** The pre-enrolment application this browser holds (its secret), or none. */
  applicationToken?: string;
  /**
   * The story draws the app's own layouts, landmarks and all; any other is a screen, which the
   * app shows in its layout's main region, and so does the story.
   */
  ownLandmarks?: boolean;
}

/**
 * A screen story's checks beyond every story's: axe's `region` rule (all content inside
 * landmarks), which Storybook leaves out for a component shown on its own but a screen must pass,
 * as the served portal does.
 */
export const SCREEN_CHECKS = {
  a11y: {
    config: {
      rules: [{ id: 'region', enabled: true }],
      // axe's own regions (dialogs, svg) and a popover's positioning element around its dialog,
      // which React Aria labels by the button that opened it.
      checks: [
        {
          id: 'region',
          options: {
            regionMatcher: 'dialog, [role=dialog], [role=alertdialog], svg, [data-trigger]',
          },
        },
      ],
    },
    // The layouts' skip link is left out of this rule's page: axe counts a skip link as one only
    // before the page's first link, and Storybook's frame holds hidden help links before the
    // story (the served portal passes with it; SkipLink's own stories check it).
    context: { exclude: ['[data-live-announcer]', 'a[href="#main"]', 'a[href="#tawqi-main"]'] },
  },
} as const;

const fixtures = createFixtures();

/** A signed-in user with two organizations (an enrolment admin of the first). */
export const SESSION_WITH_ORGANIZATIONS: SessionData = fixtures.sessionData();

/** A signed-in individual without organizations, on no provider's staff. */
export const SESSION_INDIVIDUAL: SessionData = {
  ...SESSION_WITH_ORGANIZATIONS,
  organizationList: [],
  selectedOrganization: null,
  providerList: [],
};

/** On the staff of the L1 provider 408 only, as its admin (issue 36). */
export const SESSION_PROVIDER_STAFF: SessionData = {
  ...SESSION_INDIVIDUAL,
  providerList: [fixtures.providerEntry()],
};

/** An enrolment admin of organizations under the L1 408, on no provider's staff (issue 36). */
export const SESSION_CUSTOMER_ADMIN: SessionData = {
  ...SESSION_WITH_ORGANIZATIONS,
  providerList: [],
};

function portalParameters(parameters: { portal?: PortalStoryParameters }): PortalStoryParameters {
  return parameters.portal ?? {};
}

export async function portalLoader({
  globals,
  parameters,
}: {
  globals: Globals;
  parameters: { portal?: PortalStoryParameters };
}): Promise<void> {
  const language = globals.language === 'ar' ? 'ar' : 'en';
  localStorage.clear();
  sessionStorage.clear();
  resetPageArrival();
  localStorage.setItem(STORAGE_KEYS.language, language);
  if (!i18next.isInitialized) await initI18n();
  await i18next.changeLanguage(language);
  // A story on raw keys would pass while showing nothing a user could read.
  const missing = NAMESPACES.filter(
    (namespace) =>
      Object.keys(
        (i18next.getResourceBundle(language, namespace) as Record<string, unknown> | undefined) ??
          {},
      ).length === 0,
  );
  if (missing.length > 0)
    throw new Error(`translations did not load from /locales/${language}: ${missing.join(', ')}`);
  store.set(languageAtom, language);
  store.set(themeAtom, parseTheme(typeof globals.theme === 'string' ? globals.theme : null));
  const { session = null, applicationToken } = portalParameters(parameters);
  if (applicationToken) sessionStorage.setItem(STORAGE_KEYS.applicationToken, applicationToken);
  if (session) api.setSession(session);
  else api.clearSession();
  store.set(sessionAtom, session);
  toasts.clear();
  // Each story reads afresh: nothing another story cached shows here.
  queryClient.clear();
  recovered = false;
}

/** The story at its route in a memory location; links move within it, as in the app. */
function PortalFrame({ route, children }: { route: string; children: ReactNode }) {
  const [location] = useState(() => memoryLocation({ path: route }));
  return (
    <Provider store={store}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <LinkRouter navigate={location.navigate}>{children}</LinkRouter>
      </Router>
      <Toaster toasts={toasts} />
    </Provider>
  );
}

export const withPortal: Decorator = (Story, { parameters }) => {
  const { route = '/', ownLandmarks = false } = portalParameters(parameters);
  return (
    <PortalFrame route={route}>
      {ownLandmarks ? (
        <Story />
      ) : (
        <main>
          <Story />
        </main>
      )}
    </PortalFrame>
  );
};

/** The same story in Arabic (right to left). */
export function inArabic<S extends object>(story: S): S {
  return withGlobals(story, { language: 'ar' });
}

/** The same story in the dark theme. */
export function inDark<S extends object>(story: S): S {
  return withGlobals(story, { theme: 'dark' });
}

function withGlobals<S extends object>(story: S, globals: Globals): S {
  const given = (story as { globals?: Globals }).globals;
  return { ...story, globals: { ...given, ...globals } };
}

/**
 * The page's clock moved on from within a play (a code outliving its minutes), until the story
 * ends: `beforeEach` goes on the story, `moveOn` in its play. It moves `Date.now`, which the
 * visual review's fixed clock also answers through, so both runs see the same.
 */
export function movableClock() {
  let restore = () => undefined;
  return {
    beforeEach: () => () => {
      restore();
    },
    moveOn: (milliseconds: number) => {
      const real = Date.now.bind(Date);
      Date.now = () => real() + milliseconds;
      restore = () => {
        Date.now = real;
        return undefined;
      };
    },
  };
}

/** A text of the portal's translations in the story's language, for play functions. */
export function text(key: string, values?: Record<string, unknown>): string {
  // A translation's markup (`<to>…</to>` for a verbatim part) is not part of what is read.
  return i18next.t(key, values).replace(/<\/?[a-z]+>/gu, '');
}

/** A name that begins with a translation's words before its first value: /^Remove / for `Remove {{device}}`. */
export function beginningOf(key: string): RegExp {
  const [namespace = '', path = ''] = key.split(':');
  const template = String(i18next.getResource(i18next.language, namespace, path) ?? key);
  const words = (template.split('{{')[0] ?? '').replace(/<\/?[a-z]+>/gu, '');
  return new RegExp(`^${words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'u');
}

/**
 * The fixtures in the story's language: what the mock answers send a story in Arabic (they
 * answer by Accept-Language, as the server does), for a play to look for.
 */
export function storyFixtures() {
  return createFixtures({ language: storyLanguage() });
}

/** The story's language, for a play that formats what it looks for. */
export function storyLanguage(): 'ar' | 'en' {
  return i18next.language === 'ar' ? 'ar' : 'en';
}

/** The signed-in user's name as the header shows it in the story's language. */
export function userName(globals: Globals, session: SessionData): string {
  return globals.language === 'ar' ? session.fullNameArabic : session.fullNameEnglish;
}

/** A ui component's own words ("Try again", "Loading") in the story's language. */
export function uiText(key: UiStringKey): string {
  return UI_STRINGS[i18next.language === 'ar' ? 'ar' : 'en'][key];
}

/**
 * Whether the story's failing calls answer again: a failing call fails every time until the
 * story presses retry (retryRecovers), so a read of the story before that (or a stray read of the
 * story before it, still on screen while this one loads) cannot use up the failure.
 */
let recovered = false;

/** The call fails (500 without a message) until the story retries, then answers as the mocks do. */
export function failingOnce(id: EndpointId): HttpHandler {
  const endpoint = CONTRACT[id];
  const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  // Answering nothing hands the request on to the next handler: the usual mock answer.
  return http[method](mockUrl(endpoint), () =>
    recovered
      ? undefined
      : HttpResponse.json({ statusCode: 500, code: 'INTERNAL', message: '' }, { status: 500 }),
  );
}

/**
 * A call the server refuses as one too many (429 with Retry-After, as the sixth export in a minute
 * is), with the server's words.
 */
export function rateLimited(id: EndpointId, seconds = 60): HttpHandler {
  const endpoint = CONTRACT[id];
  const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  return http[method](mockUrl(endpoint), () =>
    HttpResponse.json(
      {
        statusCode: 429,
        code: 'RATE_LIMITED',
        message: storyFixtures().say({
          en: 'Too many attempts.',
          ar: 'محاولات كثيرة.',
        }),
      },
      { status: 429, headers: { 'retry-after': String(seconds) } },
    ),
  );
}

/**
 * The wait a 429 named, counting down in the story's digits ("You can try again in 1:00", or a
 * second or two less by the time it is read), inside `container`.
 */
export async function expectCountdown(container: HTMLElement, seconds: number): Promise<void> {
  const locale = intlLocale(storyLanguage());
  const minutes = new Intl.NumberFormat(locale, { useGrouping: false });
  const twoDigits = new Intl.NumberFormat(locale, { useGrouping: false, minimumIntegerDigits: 2 });
  const said = [0, 1, 2].map((passed) => {
    const left = seconds - passed;
    return uiText('retryIn').replace(
      '{time}',
      `${minutes.format(Math.floor(left / 60))}:${twoDigits.format(left % 60)}`,
    );
  });
  const timer = await within(container).findByRole('timer', {}, { timeout: 5000 });
  await expect(said).toContain(timer.textContent);
}

/**
 * The error state of a failed read: "Failed to fetch" with a retry, which reads again and shows
 * the answer (the call fails once, see failingOnce).
 */
export async function retryRecovers(canvasElement: HTMLElement): Promise<void> {
  const canvas = within(canvasElement);
  // Every read has ended (one may fail sooner than another) before the retries are pressed.
  await waitFor(() => expect(busyIndicators(canvasElement)).toHaveLength(0), { timeout: 5000 });
  const [alert] = canvas.getAllByRole('alert');
  await expect(alert).toHaveTextContent(uiText('failedToFetch'));
  recovered = true;
  for (const retry of canvas.getAllByRole('button', { name: uiText('retry') }))
    if (retry.isConnected) await userEvent.click(retry);
  await waitFor(
    () => expect(canvas.queryAllByRole('alert').map((shown) => shown.textContent)).toEqual([]),
    { timeout: 5000 },
  );
}

function busyIndicators(canvasElement: HTMLElement): Element[] {
  return [
    ...within(canvasElement).queryAllByRole('progressbar'),
    ...canvasElement.querySelectorAll('[aria-busy="true"]'),
  ];
}

/** The loading state: a progress indicator (a spinner, or a grid's skeleton marked busy). */
/**
 * The page's own alert (a field's or a form's), not a toast's: toasts mount inside the story's
 * provider now, and each carries React Aria's `role="alert"` too.
 */
export async function findPageAlert(canvasElement: HTMLElement): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = within(canvasElement)
      .getAllByRole('alert')
      .find((alert) => !alert.closest('[role="alertdialog"]'));
    if (!found) throw new Error('no alert of the page yet');
  });
  return found as HTMLElement;
}

export async function showsLoading(canvasElement: HTMLElement): Promise<void> {
  await waitFor(() => expect(busyIndicators(canvasElement).length).toBeGreaterThan(0));
}

/** Waits for the grid named `label` to show data, and opens its first row's detail. */
export async function openFirstRow(
  canvasElement: HTMLElement,
  label: string,
): Promise<HTMLElement> {
  const grid = await within(canvasElement).findByRole('grid', { name: label });
  const table = dataGridIn(canvasElement, label);
  await waitFor(() => expect(table.rows().length).toBeGreaterThan(0), { timeout: 5000 });
  const [first] = table.rows();
  const name = first?.querySelector('th[scope="row"]')?.textContent.trim();
  if (!name) throw new Error(`${label}: no row header`);
  await table.expand(userEvent, name);
  return grid;
}

/** A person's detail shows the whole address (SPEC §3): city, region, postal code and country, each filled. */
export async function expectAddress(detail: HTMLElement): Promise<void> {
  for (const part of ['city', 'region', 'postalCode', 'country']) {
    const term = await within(detail).findByText(
      text(`org:users.detail.${part}`),
      {},
      { timeout: 5000 },
    );
    await expect(term.nextElementSibling?.textContent ?? '').toMatch(/\S/u);
    await expect(term.nextElementSibling?.textContent).not.toBe('—');
  }
}

/**
 * Chooses the first option of the Select labelled `label`, once its options have come (a Select
 * is disabled while its list is empty: a press before then opens nothing).
 */
export async function chooseFirstOption(canvasElement: HTMLElement, label: string): Promise<void> {
  const select = within(canvasElement).getByRole('button', { name: new RegExp(label) });
  await waitFor(() => expect(select).toBeEnabled(), { timeout: 5000 });
  await userEvent.click(select);
  const [first] = await within(document.body).findAllByRole('option');
  if (!first) throw new Error(`${label}: no option to choose`);
  await userEvent.click(first);
}

/** Waits until the grid shows `count` rows of data (its header row aside). */
export async function expectDataRows(grid: HTMLElement, count: number): Promise<void> {
  await waitFor(() => expect(within(grid).getAllByRole('row')).toHaveLength(count + 1), {
    timeout: 5000,
  });
}

interface StoryContext {
  canvasElement: HTMLElement;
}

/** A screen whose reads of `ids` never answer: it shows that it is loading. */
export function loadingStory(...ids: EndpointId[]) {
  return {
    parameters: { msw: ids.map((id) => mockStates.loading(id)) },
    play: async ({ canvasElement }: StoryContext) => {
      await showsLoading(canvasElement);
    },
  };
}

/**
 * One of a screen's reads fails for good: that part says so with a retry, and the rest of the
 * screen — its grid, named by a translation key — still shows.
 */
export function partFailedStory(id: EndpointId, gridKey: string) {
  return {
    parameters: { msw: [mockStates.failure(id)] },
    play: async ({ canvasElement }: StoryContext) => {
      const canvas = within(canvasElement);
      await expect(await canvas.findByRole('button', { name: uiText('retry') })).toBeVisible();
      await expect(await canvas.findByRole('grid', { name: text(gridKey) })).toBeVisible();
    },
  };
}

/** A screen whose reads of `ids` fail: "Failed to fetch" with a retry that recovers. */
export function failedOnceStory(...ids: EndpointId[]) {
  return {
    parameters: { msw: ids.map(failingOnce) },
    play: async ({ canvasElement }: StoryContext) => {
      await retryRecovers(canvasElement);
    },
  };
}
