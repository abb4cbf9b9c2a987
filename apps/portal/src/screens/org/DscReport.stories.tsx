/** The DSC report (SPEC §2 `reports/dsc`): the declared grid's stories; network mocked. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { dscReportGrid } from '@tawqi/api/grids';
import { expect, within } from 'storybook/test';
import { gridStories } from '../../stories/gridStories.js';
import {
  SESSION_WITH_ORGANIZATIONS,
  inArabic,
  portalLoader,
  text,
  withPortal,
  SCREEN_CHECKS,
} from '../../stories/portal.js';
import DscReport from './DscReport.js';

const portal = { route: '/app/org/reports/dsc', session: SESSION_WITH_ORGANIZATIONS };

const meta = {
  title: 'Portal/Org/DscReport',
  component: DscReport,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: { ...SCREEN_CHECKS, layout: 'padded', portal },
} satisfies Meta<typeof DscReport>;
export default meta;
type Story = StoryObj<typeof meta>;

const stories = gridStories(dscReportGrid, {
  label: 'org:reports.dsc.title',
  empty: 'org:reports.dsc.empty',
  search: 'Sara',
  portal,
});

/** Valid, revoked and expired certificates with their days left; this report is the current one. */
export const Data: Story = {
  play: async (context) => {
    await stories.Data.play(context);
    await expect(
      within(context.canvasElement).getByRole('link', { name: text('org:reports.dsc.title') }),
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
