/**
 * The Enrolment Admin's dashboard (SPEC §2): figures with links to where they are handled, role
 * counters and the latest transactions, in English and Arabic, light and dark; loading, empty and
 * failed (with a retry that recovers), network mocked.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { mockStates } from '@tawqi/api/msw';
import { formatNumber, statusWord } from '@tawqi/domain';
import { expect, waitFor, within } from 'storybook/test';
import {
  SESSION_WITH_ORGANIZATIONS,
  expectDataRows,
  failingOnce,
  inArabic,
  inDark,
  loadingStory,
  portalLoader,
  retryRecovers,
  storyLanguage,
  text,
  withPortal,
  SCREEN_CHECKS,
} from '../../stories/portal.js';
import Dashboard from './Dashboard.js';

const meta = {
  title: 'Portal/Org/Dashboard',
  component: Dashboard,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: {
    ...SCREEN_CHECKS,
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
    // Its 50 expired are said, so used, remaining and expired add up to the total (issue 43).
    const number = (value: number) => formatNumber(value, storyLanguage());
    await expect(
      canvas.getByText(
        text('org:dashboard.esignHintExpired', {
          utilized: number(418),
          total: number(1250),
          expired: number(50),
        }),
      ),
    ).toBeVisible();
    // Its members are those the users grid lists as Approved or Deactivated, named by those words.
    const words = (status: 'Approved' | 'Deactivated') => statusWord(status, storyLanguage());
    await expect(
      canvas.getByText(new RegExp(`${words('Approved')}.*${words('Deactivated')}`)),
    ).toBeVisible();
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
