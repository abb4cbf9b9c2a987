/**
 * The organization's eSign transactions (SPEC §2): the declared grid's stories
 * (stories/gridStories.tsx) for the active organization, in both languages and themes; network
 * mocked.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { orgEsignTransactionsGrid } from '@tawqi/api/grids';
import { gridStories } from '../../stories/gridStories.js';
import { SESSION_WITH_ORGANIZATIONS, portalLoader, withPortal } from '../../stories/portal.js';
import Transactions from './Transactions.js';

const portal = { route: '/app/org/esign/transactions', session: SESSION_WITH_ORGANIZATIONS };

const meta = {
  title: 'Portal/Org/Transactions',
  component: Transactions,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: { layout: 'padded', portal },
} satisfies Meta<typeof Transactions>;
export default meta;
type Story = StoryObj<typeof meta>;

const stories = gridStories(orgEsignTransactionsGrid, {
  label: 'org:transactions.title',
  empty: 'org:transactions.empty',
  portal,
});

export const Data: Story = stories.Data;
export const DataArabic: Story = stories.DataArabic;
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
