/**
 * Manage organization users (SPEC §2): the declared grid's stories (stories/gridStories.tsx), and
 * its own parts: a member's detail under their row with what an admin may change of them, and
 * the unit and active filters in the URL; network mocked.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { CONTRACT } from '@tawqi/api';
import { manageUsersGrid } from '@tawqi/api/grids';
import { fixturesOf, languageOf, mockUrl } from '@tawqi/api/msw';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { gridStories } from '../../stories/gridStories.js';
import {
  SESSION_WITH_ORGANIZATIONS,
  expectAddress,
  expectCountdown,
  findPageAlert,
  inArabic,
  inDark,
  openFirstRow,
  portalLoader,
  rateLimited,
  storyLanguage,
  text,
  uiText,
  withPortal,
  SCREEN_CHECKS,
} from '../../stories/portal.js';
import ManageUsers from './ManageUsers.js';

const portal = { route: '/app/org/manage/users', session: SESSION_WITH_ORGANIZATIONS };

const meta = {
  title: 'Portal/Org/ManageUsers',
  component: ManageUsers,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: { ...SCREEN_CHECKS, layout: 'padded', portal },
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
    const grid = await openFirstRow(context.canvasElement, text('org:users.title'));
    await expect(
      await within(grid).findByText(text('org:users.detail.nationalId'), {}, { timeout: 5000 }),
    ).toBeVisible();
    await waitFor(() => expect(within(grid).getByText(/^\*{6}\d{4}$/)).toBeVisible());
    await expectAddress(grid);
  },
};
export const DataArabic = inArabic(Data);
export const DataDark = inDark(Data);
export const DataArabicDark = inDark(inArabic(Data));

/** Every member's detail answers as a current, active member. */
const currentMember = http.post(mockUrl(CONTRACT.viewOrganizationUser), ({ request }) =>
  HttpResponse.json({
    ...fixturesOf(request).userDetail(0),
    status: 'Approved',
    isActive: true,
    openChanges: [],
  }),
);

/** A new e-mail is asked for: nothing is sent empty; sent, it awaits another admin's approval. */
export const AskForAChange: Story = {
  parameters: { msw: [currentMember] },
  play: async ({ canvasElement }) => {
    const grid = await openFirstRow(canvasElement, text('org:users.title'));
    const change = await within(grid).findByRole(
      'button',
      { name: new RegExp(text('org:users.actions.change.email')) },
      { timeout: 5000 },
    );
    await userEvent.click(change);
    const dialog = await within(document.body).findByRole('dialog');
    await expect(dialog).toHaveTextContent(text('org:users.actions.needsApproval'));
    const send = within(dialog).getByRole('button', { name: text('org:users.actions.ask') });
    await userEvent.click(send);
    await expect(
      await within(dialog).findByText(text('org:users.actions.missing.email')),
    ).toBeVisible();
    await userEvent.type(
      within(dialog).getByRole('textbox', {
        name: new RegExp(text('org:users.actions.new.email')),
      }),
      'new.address@example.sa',
    );
    await userEvent.click(send);
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
    await expect(
      await within(document.body).findByText(/^(Sent for approval|أُرسل للموافقة)/),
    ).toBeVisible();
  },
};
export const AskForAChangeArabic = inArabic(AskForAChange);

/** The server refuses (here: the admin's own state): the dialog stays, saying why. */
/** The server's words, in the language the page asked in. */
const OWN_CHANGE = {
  en: 'You cannot change your own role or active state. Another Enrolment Admin can.',
  ar: 'لا يمكنك تغيير دورك أو حالة نشاطك بنفسك. يستطيع ذلك مسؤول تسجيل آخر.',
};
export const ChangeRefused: Story = {
  parameters: {
    msw: [
      currentMember,
      http.post(mockUrl(CONTRACT.setMemberActive), ({ request }) =>
        HttpResponse.json({ status: '0', errorMessage: OWN_CHANGE[languageOf(request)] }),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const grid = await openFirstRow(canvasElement, text('org:users.title'));
    const deactivate = await within(grid).findByRole(
      'button',
      { name: new RegExp(text('org:users.actions.deactivate')) },
      { timeout: 5000 },
    );
    await userEvent.click(deactivate);
    const dialog = await within(document.body).findByRole('dialog');
    await userEvent.click(
      within(dialog).getByRole('button', { name: text('org:users.actions.deactivate') }),
    );
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      OWN_CHANGE[storyLanguage()],
    );
  },
};
export const ChangeRefusedArabic = inArabic(ChangeRefused);

/** The unit and active filters come from the URL and show as chosen. */
export const Filtered: Story = {
  parameters: {
    portal: { ...portal, route: `${portal.route}?active=inactive&unit=2&employeeId=EMP-1003` },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const active = await canvas.findByRole('button', {
      name: new RegExp(text('org:users.activeFilter')),
    });
    await expect(active).toHaveTextContent(text('org:users.active.inactive'));
    // The employee id is one of the organization's, found by typing or chosen from the list.
    const employee = canvas.getByRole('combobox', { name: text('org:users.employeeFilter') });
    await waitFor(() => expect(employee).toHaveValue('EMP-1003'), { timeout: 5000 });
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

/** Reading too often: the list's error counts down the server's wait, its retry waiting with it. */
export const ReadLimited: Story = {
  parameters: { msw: [rateLimited('manageUsersGrid', 90)] },
  play: async ({ canvasElement }) => {
    const alert = await findPageAlert(canvasElement);
    await expectCountdown(alert, 90);
    await expect(within(alert).getByRole('button', { name: uiText('retry') })).toBeDisabled();
  },
};
export const ReadLimitedArabic = inArabic(ReadLimited);

/** The sixth export in a minute: the toast says how long to wait, counting down (issue 43). */
export const ExportLimited: Story = {
  parameters: { msw: [rateLimited('exportManageUsers', 60)] },
  play: async ({ canvasElement }) => {
    const exportButton = await within(canvasElement).findByRole(
      'button',
      { name: text('app:grid.export') },
      { timeout: 5000 },
    );
    await waitFor(() => expect(exportButton).toBeEnabled(), { timeout: 5000 });
    await userEvent.click(exportButton);
    const toast = await within(document.body).findByRole('alertdialog', {}, { timeout: 5000 });
    await expectCountdown(toast, 60);
  },
};
export const ExportLimitedArabic = inArabic(ExportLimited);
