/**
 * The individual dashboard (SPEC §2): figures, recent transactions and notifications, in English
 * and Arabic, light and dark; loading, empty and failed (with a retry that recovers), network
 * mocked.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { CONTRACT } from '@tawqi/api';
import { fixturesOf, mockStates, mockUrl } from '@tawqi/api/msw';
import { statusWord } from '@tawqi/domain';
import { http, HttpResponse } from 'msw';
import { expect, waitFor, within } from 'storybook/test';
import {
  SESSION_INDIVIDUAL,
  loadingStory,
  expectDataRows,
  failingOnce,
  inArabic,
  inDark,
  portalLoader,
  retryRecovers,
  text,
  withPortal,
  SCREEN_CHECKS,
} from '../../stories/portal.js';
import Dashboard from './Dashboard.js';

const meta = {
  title: 'Portal/My/Dashboard',
  component: Dashboard,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: {
    ...SCREEN_CHECKS,
    layout: 'padded',
    portal: { route: '/app/my/dashboard', session: SESSION_INDIVIDUAL },
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
      await canvas.findByRole('heading', { level: 1, name: text('dashboard:title') }),
    ).toBeVisible();
    // The mock: 83 of 260 transactions used, so 32%.
    await expect(
      await canvas.findByRole('meter', { name: text('dashboard:utilization') }),
    ).toHaveAttribute('aria-valuenow', '32');
    const grid = canvas.getByRole('grid', { name: text('dashboard:recent') });
    await expectDataRows(grid, 5);
    await expect(
      canvas.getByRole('link', { name: text('dashboard:allTransactions') }),
    ).toHaveAttribute('href', '/app/my/esign/transactions');
  },
};
export const DataArabic = inArabic(Data);
export const DataDark = inDark(Data);
export const DataArabicDark = inDark(inArabic(Data));

export const Loading: Story = loadingStory('myDashboard', 'myNotifications');
export const LoadingArabic = inArabic(Loading);

export const Empty: Story = {
  parameters: { msw: [mockStates.empty('myDashboard'), mockStates.empty('myNotifications')] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(text('my:transactions.empty'))).toBeVisible();
    await expect(await canvas.findByText(text('app:notifications.empty'))).toBeVisible();
  },
};
export const EmptyArabic = inArabic(Empty);

// A function, so each story has handlers of its own (a failing-once handler is used up).
const failed = (): Story => ({
  parameters: { msw: [failingOnce('myDashboard'), failingOnce('myNotifications')] },
  play: async ({ canvasElement }) => {
    // One alert each for the two failed reads (figures, notifications), not one per section.
    await waitFor(() => expect(within(canvasElement).getAllByRole('alert')).toHaveLength(2));
    await retryRecovers(canvasElement);
    await expect(
      await within(canvasElement).findByRole('meter', { name: text('dashboard:utilization') }),
    ).toBeVisible();
  },
});
export const Failed = failed();
export const FailedArabic = inArabic(failed());

/**
 * An applicant who signs in before their organization is decided sees where it stands
 * (issue 38): under review by the provider since the day it was filed.
 */
export const PendingApplication: Story = {
  parameters: {
    msw: [
      http.post(mockUrl(CONTRACT.myDashboard), ({ request }) => {
        const f = fixturesOf(request);
        // A newcomer: no plan bought yet, the welcome pack's five transactions.
        return HttpResponse.json({
          totalTransactions: 5,
          utilizedTransactions: 0,
          balanceTransactions: 5,
          activePlans: 1,
          nextExpiry: '2027-11-25',
          recentTransactions: [],
          applications: [
            {
              organizationName: f.say({ en: 'Al Waha Trading', ar: 'الواحة للتجارة' }),
              providerName: f.say({ en: 'Tawqi Trust Services', ar: 'توقيع لخدمات الثقة' }),
              status: 'Pending',
              submittedAt: '2026-11-25T09:00:00.000Z',
              remarks: null,
            },
          ],
        });
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const region = await within(canvasElement).findByRole('region', {
      name: text('dashboard:applications.title'),
    });
    await expect(region).toHaveTextContent(/Al Waha Trading|الواحة للتجارة/u);
    await expect(region).toHaveTextContent(
      new RegExp(`${statusWord('Pending', 'en')}|${statusWord('Pending', 'ar')}`, 'u'),
    );
  },
};
export const PendingApplicationArabic = inArabic(PendingApplication);
