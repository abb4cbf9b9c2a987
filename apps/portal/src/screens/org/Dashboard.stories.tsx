/**
 * The Enrolment Admin's dashboard (SPEC §2): figures with links to where they are handled, role
 * counters and the latest transactions, in English and Arabic, light and dark; loading, empty and
 * failed (with a retry that recovers), network mocked.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { CONTRACT } from '@tawqi/api';
import { createMockAnswers } from '@tawqi/api/fixtures';
import { mockStates, fixturesOf, mockUrl } from '@tawqi/api/msw';
import { http, HttpResponse } from 'msw';
import { expect, waitFor, within } from 'storybook/test';
import {
  SESSION_WITH_ORGANIZATIONS,
  expectDataRows,
  failingOnce,
  inArabic,
  inDark,
  loadingStory,
  portalLoader,
  storyFixtures,
  storyLanguage,
  retryRecovers,
  text,
  withPortal,
} from '../../stories/portal.js';
import Dashboard from './Dashboard.js';

const meta = {
  title: 'Portal/Org/Dashboard',
  component: Dashboard,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: {
    layout: 'padded',
    portal: { route: '/app/org/dashboard', session: SESSION_WITH_ORGANIZATIONS },
  },
} satisfies Meta<typeof Dashboard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Data: Story = {
  // Compared with its screenshot in each language and theme (apps/storybook/visual.setup.ts).
  tags: ['visual'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: text('org:dashboard.title') }),
    ).toBeVisible();
    // The mock: 418 of 1,250 eSign transactions used, so 33%.
    await expect(
      await canvas.findByRole('meter', { name: text('org:dashboard.esignCounters') }),
    ).toHaveAttribute('aria-valuenow', '33');
    const review = canvas.getAllByRole('link', { name: text('org:dashboard.review') });
    await expect(review[0]).toHaveAttribute('href', '/app/org/approval/user');
    await expectDataRows(canvas.getByRole('grid', { name: text('org:dashboard.roleCounters') }), 3);
    await expectDataRows(canvas.getByRole('grid', { name: text('org:dashboard.recent') }), 5);
    await expect(
      canvas.getByRole('link', { name: text('org:dashboard.allTransactions') }),
    ).toHaveAttribute('href', '/app/org/esign/transactions');
  },
};
export const DataArabic = inArabic(Data);
export const DataDark = inDark(Data);
export const DataArabicDark = inDark(inArabic(Data));

/** An L1 provider's figures: its stock left, allocated, and applications waiting, with links. */
export const L1Provider: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const provider = await canvas.findByRole('region', {
      name: text('org:dashboard.provider.title', { name: storyFixtures().providerName }),
    });
    await expect(
      within(provider).getByRole('link', { name: text('org:dashboard.provider.allocate') }),
    ).toHaveAttribute('href', '/app/org/reports/stock');
    await expect(
      within(provider).getByRole('link', { name: text('org:dashboard.provider.review') }),
    ).toHaveAttribute('href', '/app/org/approval/ltwo');
  },
};
export const L1ProviderArabic = inArabic(L1Provider);

const L2_NAME = { en: 'Jeddah Signing Services', ar: 'جدة لخدمات التوقيع' };

/** An L2 provider's figures: what it received from its L1, and what it holds. */
export const L2Provider: Story = {
  parameters: {
    msw: [
      http.post(mockUrl(CONTRACT.enrolmentAdminDashboard), ({ request }) =>
        HttpResponse.json({
          ...(createMockAnswers(fixturesOf(request)).enrolmentAdminDashboard({
            params: {},
            query: {},
            body: {},
          }) as object),
          provider: {
            level: 'L2',
            name: fixturesOf(request).say(L2_NAME),
            held: {
              esign: 25_000,
              enrolmentAdmin: 10,
              authorizedSignatory: 40,
              organizationUser: 300,
            },
            esignAllocated: 25_000,
            pendingL2Requests: 0,
            parentName: fixturesOf(request).providerName,
          },
        }),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const provider = await canvas.findByRole('region', {
      name: text('org:dashboard.provider.title', { name: L2_NAME[storyLanguage()] }),
    });
    await expect(
      within(provider).getByText(
        text('org:dashboard.provider.received', { name: storyFixtures().providerName }),
      ),
    ).toBeVisible();
    await expect(within(provider).queryAllByRole('link')).toHaveLength(0);
  },
};
export const L2ProviderArabic = inArabic(L2Provider);

export const Loading: Story = loadingStory('enrolmentAdminDashboard');
export const LoadingArabic = inArabic(Loading);

export const Empty: Story = {
  parameters: { msw: [mockStates.empty('enrolmentAdminDashboard')] },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(text('org:dashboard.noTransactions')),
    ).toBeVisible();
  },
};
export const EmptyArabic = inArabic(Empty);

// A function, so each story has a handler of its own (a failing-once handler is used up).
const failed = (): Story => ({
  parameters: { msw: [failingOnce('enrolmentAdminDashboard')] },
  play: async ({ canvasElement }) => {
    // One read, one alert: the figures say it; the grids wait for the retry.
    await waitFor(() => expect(within(canvasElement).getAllByRole('alert')).toHaveLength(1));
    await retryRecovers(canvasElement);
    await expect(
      await within(canvasElement).findByRole('meter', {
        name: text('org:dashboard.esignCounters'),
      }),
    ).toBeVisible();
  },
});
export const Failed = failed();
export const FailedArabic = inArabic(failed());
