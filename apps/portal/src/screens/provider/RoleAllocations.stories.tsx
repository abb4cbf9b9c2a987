/**
 * L2 role counter allocation (SPEC §2 `buy/role/l2/counter`): the declared grid's stories, and
 * the link to allocate more. Network mocked.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { l2RoleCounterAllocationsGrid } from '@tawqi/api/grids';
import { gridStories } from '../../stories/gridStories.js';
import {
  SESSION_PROVIDER_STAFF,
  portalLoader,
  withPortal,
  SCREEN_CHECKS,
} from '../../stories/portal.js';
import RoleAllocations from './RoleAllocations.js';

const portal = { route: '/app/provider/buy/role/l2/counter', session: SESSION_PROVIDER_STAFF };

const meta = {
  title: 'Portal/Provider/RoleAllocations',
  component: RoleAllocations,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: { ...SCREEN_CHECKS, layout: 'padded', portal },
} satisfies Meta<typeof RoleAllocations>;
export default meta;
type Story = StoryObj<typeof meta>;

const stories = gridStories(l2RoleCounterAllocationsGrid, {
  label: 'org:providers.roles.title',
  empty: 'org:providers.roles.empty',
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
