/**
 * The organization's eSign transactions (SPEC §2): the declared grid's stories
 * (stories/gridStories.tsx) for the active organization, in both languages and themes; network
 * mocked.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { orgEsignTransactionsGrid } from '@tawqi/api/grids';
import { gridStories } from '../../stories/gridStories.js';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  SESSION_WITH_ORGANIZATIONS,
  inArabic,
  openFirstRow,
  portalLoader,
  text,
  withPortal,
  SCREEN_CHECKS,
} from '../../stories/portal.js';
import Transactions from './Transactions.js';

const portal = { route: '/app/org/esign/transactions', session: SESSION_WITH_ORGANIZATIONS };

const meta = {
  title: 'Portal/Org/Transactions',
  component: Transactions,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: { ...SCREEN_CHECKS, layout: 'padded', portal },
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

/**
 * A transaction opened: its three records, each in a dialog — the request pretty-printed, with
 * copy and download; the plan type filter offers the organization's plan types.
 */
export const Records: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await openFirstRow(canvasElement, text('org:transactions.title'));
    await userEvent.click(
      (
        await canvas.findAllByRole('button', { name: text('org:transactions.records.request') })
      )[0] as HTMLElement,
    );
    const dialog = within(await within(document.body).findByRole('dialog'));
    await expect(await dialog.findByText(/"txnId": "PO-2026-0042"/)).toBeVisible();
    await expect(
      dialog.getByRole('button', { name: text('org:transactions.records.copy') }),
    ).toBeEnabled();
    await expect(
      dialog.getByRole('link', {
        name: new RegExp(text('org:transactions.records.download')),
      }),
    ).toHaveAttribute('download', expect.stringMatching(/-request\.json$/));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
    await userEvent.click(
      (
        await canvas.findAllByRole('button', {
          name: text('org:transactions.records.signResponse'),
        })
      )[0] as HTMLElement,
    );
    await expect(await within(document.body).findByText(/^eyJhbGciOiJFUzM4NCIs/)).toBeVisible();
    await expect(await canvas.findByText(/SIP-408/)).toBeVisible();
  },
};
export const RecordsArabic: Story = inArabic(Records);
