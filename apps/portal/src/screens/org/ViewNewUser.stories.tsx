/**
 * One new-user request on its own page (SPEC §2 `manage/users/uav/viewuav?id=`): open and
 * cancellable, decided, no id, loading and failed; network mocked.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  SESSION_WITH_ORGANIZATIONS,
  failedOnceStory,
  inArabic,
  inDark,
  loadingStory,
  portalLoader,
  storyLanguage,
  text,
  withPortal,
  SCREEN_CHECKS,
} from '../../stories/portal.js';
import ViewNewUser from './ViewNewUser.js';
import { DECIDER, uavDetailAs } from './newUsers.mocks.js';

const route = '/app/org/manage/users/uav/viewuav';
const portal = { route: `${route}?id=8000`, session: SESSION_WITH_ORGANIZATIONS };

const meta = {
  title: 'Portal/Org/ViewNewUser',
  component: ViewNewUser,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: { ...SCREEN_CHECKS, layout: 'padded', portal },
} satisfies Meta<typeof ViewNewUser>;
export default meta;
type Story = StoryObj<typeof meta>;

/** An open request: the person, the membership asked for, and a cancel that asks first. */
export const Open: Story = {
  parameters: { msw: [uavDetailAs(1)] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: text('org:newUsers.viewTitle') }),
    ).toBeVisible();
    await waitFor(() => expect(canvas.getByText(/^\*{6}\d{4}$/)).toBeVisible(), {
      timeout: 5000,
    });
    await userEvent.click(
      canvas.getByRole('button', { name: new RegExp(text('org:newUsers.cancel')) }),
    );
    const dialog = await within(document.body).findByRole('dialog');
    await expect(
      within(dialog).getByRole('button', { name: text('org:newUsers.keep') }),
    ).toBeEnabled();
  },
};
export const OpenArabic = inArabic(Open);
export const OpenDark = inDark(Open);
export const OpenArabicDark = inDark(inArabic(Open));

/** Decided: who decided it and when; nothing to cancel. */
export const Decided: Story = {
  parameters: { msw: [uavDetailAs(2)] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(DECIDER[storyLanguage()], {}, { timeout: 5000 }),
    ).toBeVisible();
    await expect(
      canvas.queryByRole('button', { name: new RegExp(text('org:newUsers.cancel')) }),
    ).toBeNull();
    // The documents sent with it, each with its kind and a download.
    const documents = canvas.getByRole('list', { name: text('org:documents.title') });
    await expect(within(documents).getAllByRole('listitem')).toHaveLength(2);
    await expect(
      within(documents).getByText(text('org:documents.categories.identityCopy'), { exact: false }),
    ).toBeVisible();
  },
};
export const DecidedArabic = inArabic(Decided);

/** A request sent without documents says so. */
export const NoDocuments: Story = {
  parameters: { msw: [uavDetailAs(1, { documents: [] })] },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(text('org:documents.none'), {}, { timeout: 5000 }),
    ).toBeVisible();
  },
};
export const NoDocumentsArabic = inArabic(NoDocuments);

/** An address without a request id says so and leads back to the list. */
export const NoRequest: Story = {
  parameters: { portal: { ...portal, route } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(text('org:newUsers.noRequest'))).toBeVisible();
    await expect(canvas.getByRole('link', { name: text('org:newUsers.toRequests') })).toBeVisible();
  },
};
export const NoRequestArabic = inArabic(NoRequest);

export const Loading: Story = loadingStory('uavRequestDetails');
export const LoadingArabic: Story = inArabic(loadingStory('uavRequestDetails'));
export const Failed: Story = failedOnceStory('uavRequestDetails');
export const FailedArabic: Story = inArabic(failedOnceStory('uavRequestDetails'));
