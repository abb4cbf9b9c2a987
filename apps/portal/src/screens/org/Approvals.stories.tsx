/**
 * New user approvals (SPEC §2 `approval/user`): the declared grid's stories
 * (stories/gridStories.tsx), and its own parts: a request's detail with approve and reject (a
 * rejection asks for remarks before it is sent), and a request the caller made, which says
 * another admin decides it; network mocked.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { CONTRACT } from '@tawqi/api';
import { changeRequestsGrid, newUserApprovalsGrid } from '@tawqi/api/grids';
import { fixturesOf, mockUrl } from '@tawqi/api/msw';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { gridStories } from '../../stories/gridStories.js';
import {
  SESSION_WITH_ORGANIZATIONS,
  expectAddress,
  inArabic,
  inDark,
  openFirstRow,
  portalLoader,
  text,
  withPortal,
  SCREEN_CHECKS,
} from '../../stories/portal.js';
import Approvals from './Approvals.js';

const portal = { route: '/app/org/approval/user', session: SESSION_WITH_ORGANIZATIONS };

const meta = {
  title: 'Portal/Org/Approvals',
  component: Approvals,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: { ...SCREEN_CHECKS, layout: 'padded', portal },
} satisfies Meta<typeof Approvals>;
export default meta;
type Story = StoryObj<typeof meta>;

const stories = gridStories(newUserApprovalsGrid, {
  label: 'org:approvals.tabs.users',
  empty: 'org:approvals.empty',
  portal,
});
const onChanges = { portal: { ...portal, route: `${portal.route}?tab=changes` } };
const changes = gridStories(changeRequestsGrid, {
  label: 'org:approvals.tabs.changes',
  empty: 'org:approvals.noChanges',
  portal: onChanges.portal,
  search: 'Noura',
});

/** Every request's detail answers as an open one the caller may decide (or, here, made). */
const pendingDetail = (createdByYou: boolean) =>
  http.post(mockUrl(CONTRACT.newUserRequestDetails), ({ request }) =>
    HttpResponse.json({
      ...fixturesOf(request).newUserApprovalDetail(0),
      status: 'Pending',
      createdByYou,
      remarks: null,
    }),
  );

/** A page of requests; the first opens with approve and reject; rejecting asks for remarks. */
export const Data: Story = {
  parameters: { msw: [pendingDetail(false)] },
  play: async (context) => {
    await stories.Data.play(context);
    const grid = await openFirstRow(context.canvasElement, text('org:approvals.tabs.users'));
    const reject = await within(grid).findByRole('button', {
      name: new RegExp(text('org:approvals.reject')),
    });
    await expect(
      within(grid).getByRole('button', { name: new RegExp(text('org:approvals.approve')) }),
    ).toBeEnabled();
    await expectAddress(grid);
    // The request's documents, each downloadable under its own name.
    const documents = within(grid).getByRole('list', { name: text('org:documents.title') });
    await expect(
      within(documents).getByRole('button', {
        name: text('org:documents.downloadNamed', { name: 'خطاب التفويض.pdf' }),
      }),
    ).toBeEnabled();
    await userEvent.click(reject);
    const dialog = await within(document.body).findByRole('dialog');
    await userEvent.click(
      within(dialog).getByRole('button', { name: text('org:approvals.reject') }),
    );
    // Nothing is sent without remarks: the field says what is missing.
    await expect(
      await within(dialog).findByText(text('org:approvals.remarksRequired')),
    ).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: text('org:approvals.keep') }));
  },
};
export const DataArabic = inArabic(Data);
export const DataDark = inDark(Data);
export const DataArabicDark = inDark(inArabic(Data));

/** The caller made the request: no buttons, and the reason why. */
export const OwnRequest: Story = {
  parameters: { msw: [pendingDetail(true)] },
  play: async ({ canvasElement }) => {
    const grid = await openFirstRow(canvasElement, text('org:approvals.tabs.users'));
    await expect(await within(grid).findByText(text('org:approvals.ownRequest'))).toBeVisible();
    await expect(
      within(grid).queryByRole('button', { name: new RegExp(text('org:approvals.approve')) }),
    ).toBeNull();
  },
};
export const OwnRequestArabic = inArabic(OwnRequest);

export const NothingFound: Story = stories.NothingFound;
export const NothingFoundArabic: Story = stories.NothingFoundArabic;
export const Empty: Story = stories.Empty;
export const EmptyArabic: Story = stories.EmptyArabic;
export const Loading: Story = stories.Loading;
export const LoadingArabic: Story = stories.LoadingArabic;
export const Failed: Story = stories.Failed;
export const FailedArabic: Story = stories.FailedArabic;

/** The change requests tab: a page of changes; one opens with what is and what is asked for. */
export const Changes: Story = {
  parameters: onChanges,
  play: async (context) => {
    await changes.Data.play(context);
    const canvas = within(context.canvasElement);
    const grid = canvas.getByRole('grid', { name: text('org:approvals.tabs.changes') });
    const [toggle] = within(grid).getAllByRole('button', { expanded: false });
    if (!toggle) throw new Error('no row toggle');
    await userEvent.click(toggle);
    await expect(await within(grid).findByText(text('org:approvals.asked'))).toBeVisible();
  },
};
export const ChangesArabic = inArabic(Changes);

/** A change already made shows the value it replaced as "before", not as the member's now. */
export const ChangeMade: Story = {
  parameters: {
    ...onChanges,
    msw: [
      http.post(mockUrl(CONTRACT.changeRequestDetails), ({ request }) =>
        HttpResponse.json({
          ...fixturesOf(request).changeRequestDetail(0),
          status: 'Approved',
          createdByYou: false,
          remarks: null,
        }),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const grid = await canvas.findByRole('grid', { name: text('org:approvals.tabs.changes') });
    const [toggle] = await within(grid).findAllByRole('button', { expanded: false });
    if (!toggle) throw new Error('no row toggle');
    await userEvent.click(toggle);
    await expect(await within(grid).findByText(text('org:approvals.before'))).toBeVisible();
    await expect(within(grid).queryByText(text('org:approvals.current'))).toBeNull();
    await expect(
      within(grid).queryByRole('button', { name: text('org:approvals.approve') }),
    ).toBeNull();
  },
};
export const ChangeMadeArabic = inArabic(ChangeMade);
export const ChangesDark = inDark(Changes);
export const ChangesNothingFound: Story = changes.NothingFound;
export const ChangesEmpty: Story = {
  ...changes.Empty,
  parameters: { ...changes.Empty.parameters, ...onChanges },
};
export const ChangesLoading: Story = {
  ...changes.Loading,
  parameters: { ...changes.Loading.parameters, ...onChanges },
};
export const ChangesFailed: Story = {
  ...changes.Failed,
  parameters: { ...changes.Failed.parameters, ...onChanges },
};
