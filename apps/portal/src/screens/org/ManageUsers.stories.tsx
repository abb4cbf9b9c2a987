/**
 * Manage organization users (SPEC §2): the declared grid's stories (stories/gridStories.tsx), and
 * its own parts: a member's detail under their row, and the unit and active filters in the URL;
 * network mocked.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { manageUsersGrid } from '@tawqi/api/grids';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { gridStories } from '../../stories/gridStories.js';
import {
  SESSION_WITH_ORGANIZATIONS,
  inArabic,
  inDark,
  portalLoader,
  text,
  withPortal,
} from '../../stories/portal.js';
import ManageUsers from './ManageUsers.js';

const portal = { route: '/app/org/manage/users', session: SESSION_WITH_ORGANIZATIONS };

const meta = {
  title: 'Portal/Org/ManageUsers',
  component: ManageUsers,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: { layout: 'padded', portal },
} satisfies Meta<typeof ManageUsers>;
export default meta;
type Story = StoryObj<typeof meta>;

const stories = gridStories(manageUsersGrid, {
  label: 'org:users.title',
  empty: 'org:users.empty',
  portal,
});

/** The first page; a row's toggle opens the member's detail, with a masked national id. */
export const Data: Story = {
  play: async (context) => {
    await stories.Data.play(context);
    const canvas = within(context.canvasElement);
    const grid = canvas.getByRole('grid', { name: text('org:users.title') });
    const [toggle] = within(grid).getAllByRole('button', { expanded: false });
    if (!toggle) throw new Error('no row toggle');
    await userEvent.click(toggle);
    await expect(
      await within(grid).findByText(text('org:users.detail.nationalId'), {}, { timeout: 5000 }),
    ).toBeVisible();
    await waitFor(() => expect(within(grid).getByText(/^\*{6}\d{4}$/)).toBeVisible());
  },
};
export const DataArabic = inArabic(Data);
export const DataDark = inDark(Data);
export const DataArabicDark = inDark(inArabic(Data));

/** The unit and active filters come from the URL and show as chosen. */
export const Filtered: Story = {
  parameters: { portal: { ...portal, route: `${portal.route}?active=inactive&unit=2` } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const active = await canvas.findByRole('button', {
      name: new RegExp(text('org:users.activeFilter')),
    });
    await expect(active).toHaveTextContent(text('org:users.active.inactive'));
  },
};
export const FilteredArabic = inArabic(Filtered);

export const NothingFound: Story = stories.NothingFound;
export const NothingFoundArabic: Story = stories.NothingFoundArabic;
export const Empty: Story = stories.Empty;
export const EmptyArabic: Story = stories.EmptyArabic;
export const Loading: Story = stories.Loading;
export const LoadingArabic: Story = stories.LoadingArabic;
export const Failed: Story = stories.Failed;
export const FailedArabic: Story = stories.FailedArabic;
