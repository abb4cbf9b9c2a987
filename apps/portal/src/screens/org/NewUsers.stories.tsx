/**
 * New-user (UAV) requests (SPEC §2 `manage/users/uav`): the declared grid's stories
 * (stories/gridStories.tsx), and its own parts: a request's detail under its row, cancelled after
 * asking while it is open, and no cancel once decided; network mocked.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { uavRequestsGrid } from '@tawqi/api/grids';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { gridStories } from '../../stories/gridStories.js';
import {
  SESSION_WITH_ORGANIZATIONS,
  inArabic,
  inDark,
  openFirstRow,
  portalLoader,
  storyLanguage,
  text,
  withPortal,
  SCREEN_CHECKS,
} from '../../stories/portal.js';
import NewUsers from './NewUsers.js';
import { DECIDER, uavDetailAs } from './newUsers.mocks.js';

const portal = { route: '/app/org/manage/users/uav', session: SESSION_WITH_ORGANIZATIONS };

const meta = {
  title: 'Portal/Org/NewUsers',
  component: NewUsers,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: { ...SCREEN_CHECKS, layout: 'padded', portal },
} satisfies Meta<typeof NewUsers>;
export default meta;
type Story = StoryObj<typeof meta>;

const stories = gridStories(uavRequestsGrid, {
  label: 'org:newUsers.title',
  empty: 'org:newUsers.empty',
  portal,
  search: 'Reem',
});

/** A page of requests; the first opens, and cancelling it asks first. */
export const Data: Story = {
  parameters: { msw: [uavDetailAs(1)] },
  play: async (context) => {
    await stories.Data.play(context);
    await expect(
      within(context.canvasElement).getByRole('button', { name: text('org:newUsers.add') }),
    ).toBeEnabled();
    const grid = await openFirstRow(context.canvasElement, text('org:newUsers.title'));
    const cancel = await within(grid).findByRole(
      'button',
      { name: new RegExp(text('org:newUsers.cancel')) },
      { timeout: 5000 },
    );
    await userEvent.click(cancel);
    const dialog = await within(document.body).findByRole('dialog');
    await expect(dialog).toHaveTextContent(text('org:newUsers.cancelText'));
    await userEvent.click(within(dialog).getByRole('button', { name: text('org:newUsers.keep') }));
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
  },
};
export const DataArabic = inArabic(Data);
export const DataDark = inDark(Data);
export const DataArabicDark = inDark(inArabic(Data));

/** A decided request says who decided it, and offers no cancel. */
export const Decided: Story = {
  parameters: { msw: [uavDetailAs(2)] },
  play: async ({ canvasElement }) => {
    const grid = await openFirstRow(canvasElement, text('org:newUsers.title'));
    await expect(
      await within(grid).findByText(DECIDER[storyLanguage()], {}, { timeout: 5000 }),
    ).toBeVisible();
    await expect(
      within(grid).queryByRole('button', { name: new RegExp(text('org:newUsers.cancel')) }),
    ).toBeNull();
  },
};
export const DecidedArabic = inArabic(Decided);

export const NothingFound: Story = stories.NothingFound;
export const NothingFoundArabic: Story = stories.NothingFoundArabic;
export const Empty: Story = stories.Empty;
export const EmptyArabic: Story = stories.EmptyArabic;
export const Loading: Story = stories.Loading;
export const LoadingArabic: Story = stories.LoadingArabic;
export const Failed: Story = stories.Failed;
export const FailedArabic: Story = stories.FailedArabic;
