/**
 * My transactions (SPEC §2): the filtered, paged grid, a row's documents, a filter that finds
 * nothing; loading and a failed read; both languages, light and dark, network mocked.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { createFixtures } from '@tawqi/api/fixtures';
import { mockStates } from '@tawqi/api/msw';
import { expect, userEvent, within } from 'storybook/test';
import {
  SESSION_INDIVIDUAL,
  failedOnceStory,
  loadingStory,
  expectDataRows,
  inArabic,
  inDark,
  portalLoader,
  text,
  withPortal,
} from '../../stories/portal.js';
import Transactions from './Transactions.js';

const first = createFixtures().myTransaction(0);

const meta = {
  title: 'Portal/My/Transactions',
  component: Transactions,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: {
    layout: 'padded',
    portal: { route: '/app/my/esign/transactions', session: SESSION_INDIVIDUAL },
  },
} satisfies Meta<typeof Transactions>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The first page; a row's toggle opens its documents, read for that transaction. */
export const Data: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const grid = await canvas.findByRole('grid', { name: text('my:transactions.title') });
    await expectDataRows(grid, 10);
    const [toggle] = within(grid).getAllByRole('button', { expanded: false });
    if (!toggle) throw new Error('no row toggle');
    await userEvent.click(toggle);
    const documents = await canvas.findByRole('list', {
      name: text('my:transactions.documentsOf', { id: first.transactionID }),
    });
    // The mock answers three documents.
    await expect(within(documents).getAllByRole('listitem')).toHaveLength(3);
    await expect(
      canvas.getByRole('button', { name: text('my:transactions.export') }),
    ).toBeEnabled();
  },
};
export const DataArabic = inArabic(Data);
export const DataDark = inDark(Data);
export const DataArabicDark = inDark(inArabic(Data));

/** A filter from the URL that finds nothing: said so, with a way to clear it; no export. */
export const NothingFound: Story = {
  parameters: {
    msw: [mockStates.empty('myTransactions')],
    portal: {
      route: '/app/my/esign/transactions?q=ES-0000&status=failed',
      session: SESSION_INDIVIDUAL,
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('searchbox')).toHaveValue('ES-0000');
    await expect(
      await canvas.findByRole('button', { name: text('my:transactions.export') }),
    ).toBeDisabled();
  },
};
export const NothingFoundArabic = inArabic(NothingFound);

export const Empty: Story = {
  parameters: { msw: [mockStates.empty('myTransactions')] },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(text('my:transactions.empty')),
    ).toBeVisible();
  },
};
export const EmptyArabic = inArabic(Empty);

export const Loading: Story = loadingStory('myTransactions');
export const LoadingArabic = inArabic(Loading);

export const Failed: Story = failedOnceStory('myTransactions');
export const FailedArabic = inArabic(failedOnceStory('myTransactions'));
