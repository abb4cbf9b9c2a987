/**
 * The eSign counter deduction summary (SPEC §2 `reports/esign`): the declared grid's stories
 * (stories/gridStories.tsx) for the active organization, in both languages and themes, with the
 * balance card above it; the balance's own failure; network mocked.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { esignDeductionSummaryGrid } from '@tawqi/api/grids';
import { statusWord } from '@tawqi/domain';
import i18next from 'i18next';
import { expect, within } from 'storybook/test';
import { gridStories } from '../../stories/gridStories.js';
import {
  SESSION_WITH_ORGANIZATIONS,
  inArabic,
  partFailedStory,
  portalLoader,
  text,
  withPortal,
  SCREEN_CHECKS,
} from '../../stories/portal.js';
import EsignReport from './EsignReport.js';

const portal = { route: '/app/org/reports/esign', session: SESSION_WITH_ORGANIZATIONS };

const meta = {
  title: 'Portal/Org/EsignReport',
  component: EsignReport,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: { ...SCREEN_CHECKS, layout: 'padded', portal },
} satisfies Meta<typeof EsignReport>;
export default meta;
type Story = StoryObj<typeof meta>;

const stories = gridStories(esignDeductionSummaryGrid, {
  label: 'org:reports.esign.title',
  empty: 'org:reports.esign.empty',
  portal,
});

/** The plans, each with its state, under the balance the dashboard shows. */
export const Data: Story = {
  ...stories.Data,
  play: async (context) => {
    await stories.Data.play(context);
    const canvas = within(context.canvasElement);
    await expect(await canvas.findByText(text('org:dashboard.esignCounters'))).toBeVisible();
    // The fixtures' fifth plan has expired.
    const grid = canvas.getByRole('grid', { name: text('org:reports.esign.title') });
    const language = i18next.language === 'ar' ? 'ar' : 'en';
    await expect(within(grid).getAllByText(statusWord('expired', language)).length).toBeGreaterThan(
      0,
    );
    // The usage chart's figures, in a table behind the bars.
    const usage = canvas.getByRole('table', { name: text('org:reports.esign.usage') });
    await expect(within(usage).getAllByRole('row')).toHaveLength(13);
  },
};
export const DataArabic: Story = inArabic(Data);
export const DataDark: Story = stories.DataDark;

/** The usage chart could not be read: it says so with a retry; the plans still show. */
export const UsageFailed: Story = partFailedStory('esignUsageByMonth', 'org:reports.esign.title');
export const DataArabicDark: Story = stories.DataArabicDark;
export const NothingFound: Story = stories.NothingFound;
export const NothingFoundArabic: Story = stories.NothingFoundArabic;
export const Empty: Story = stories.Empty;
export const EmptyArabic: Story = stories.EmptyArabic;
export const Loading: Story = stories.Loading;
export const LoadingArabic: Story = stories.LoadingArabic;
export const Failed: Story = stories.Failed;
export const FailedArabic: Story = stories.FailedArabic;

/** The balance could not be read: it says so with a retry, and the plans still show. */
export const BalanceFailed: Story = partFailedStory(
  'enrolmentAdminDashboard',
  'org:reports.esign.title',
);
export const BalanceFailedArabic: Story = inArabic(BalanceFailed);
