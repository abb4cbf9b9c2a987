/**
 * The role counter deduction summary (SPEC §2 `reports/roles`): each role's seats above the
 * declared allocation-history grid's stories (stories/gridStories.tsx), in both languages and
 * themes; the summary's own failure; network mocked.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { roleAllocationHistoryGrid } from '@tawqi/api/grids';
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
import RolesReport from './RolesReport.js';

const portal = { route: '/app/org/reports/roles', session: SESSION_WITH_ORGANIZATIONS };

const meta = {
  title: 'Portal/Org/RolesReport',
  component: RolesReport,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: { ...SCREEN_CHECKS, layout: 'padded', portal },
} satisfies Meta<typeof RolesReport>;
export default meta;
type Story = StoryObj<typeof meta>;

const stories = gridStories(roleAllocationHistoryGrid, {
  label: 'org:reports.roles.history',
  empty: 'org:reports.roles.empty',
  portal,
});

/** Each role's free seats (the fixtures: 3, 32 and 357), and the packs received. */
export const Data: Story = {
  ...stories.Data,
  play: async (context) => {
    await stories.Data.play(context);
    const canvas = within(context.canvasElement);
    const signatories = await canvas.findByRole('region', {
      name: text('org:roles.authorizedSignatory'),
    });
    await expect(signatories).toHaveTextContent(text('org:reports.roles.free', { count: 32 }));
    // This page is the current one of the reports.
    await expect(
      canvas.getByRole('link', { name: text('org:reports.roles.title') }),
    ).toHaveAttribute('aria-current', 'page');
  },
};
export const DataArabic: Story = inArabic(Data);
export const DataDark: Story = stories.DataDark;
export const DataArabicDark: Story = stories.DataArabicDark;
export const NothingFound: Story = stories.NothingFound;
export const NothingFoundArabic: Story = stories.NothingFoundArabic;
export const Empty: Story = stories.Empty;
export const EmptyArabic: Story = stories.EmptyArabic;
export const Loading: Story = stories.Loading;
export const LoadingArabic: Story = stories.LoadingArabic;
export const Failed: Story = stories.Failed;
export const FailedArabic: Story = stories.FailedArabic;

/** The seats could not be read: that says so with a retry, and the history still shows. */
export const SummaryFailed: Story = partFailedStory(
  'roleDeductionSummaryReport',
  'org:reports.roles.history',
);
export const SummaryFailedArabic: Story = inArabic(SummaryFailed);
