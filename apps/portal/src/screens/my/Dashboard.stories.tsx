/**
 * The individual dashboard (SPEC §2): figures, recent transactions and notifications, in English
 * and Arabic, light and dark; loading, empty and failed (with a retry that recovers), network
 * mocked.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { mockStates } from '@tawqi/api/msw';
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
} from '../../stories/portal.js';
import Dashboard from './Dashboard.js';

const meta = {
  title: 'Portal/My/Dashboard',
  component: Dashboard,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: {
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
