/**
 * My transactions (SPEC §2): the declared grid's stories (stories/gridStories.tsx) and its own
 * part, a row's documents; network mocked.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { createFixtures } from '@tawqi/api/fixtures';
import { myTransactionsGrid } from '@tawqi/api/grids';
import { expect, userEvent, within } from 'storybook/test';
import { gridStories } from '../../stories/gridStories.js';
import {
  SESSION_INDIVIDUAL,
  inArabic,
  inDark,
  portalLoader,
  text,
  withPortal,
  SCREEN_CHECKS,
} from '../../stories/portal.js';
import Transactions from './Transactions.js';

const first = createFixtures().myTransaction(0);
const portal = { route: '/app/my/esign/transactions', session: SESSION_INDIVIDUAL };

const meta = {
  title: 'Portal/My/Transactions',
  component: Transactions,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: { ...SCREEN_CHECKS, layout: 'padded', portal },
} satisfies Meta<typeof Transactions>;
export default meta;
type Story = StoryObj<typeof meta>;

const stories = gridStories(myTransactionsGrid, {
  label: 'my:transactions.title',
  empty: 'my:transactions.empty',
  portal,
});

/** The first page; a row's toggle opens its documents, read for that transaction. */
export const Data: Story = {
  play: async (context) => {
    await stories.Data.play(context);
    const canvas = within(context.canvasElement);
    const grid = canvas.getByRole('grid', { name: text('my:transactions.title') });
    const [toggle] = within(grid).getAllByRole('button', { expanded: false });
    if (!toggle) throw new Error('no row toggle');
    await userEvent.click(toggle);
    const documents = await canvas.findByRole('list', {
      name: text('my:transactions.documentsOf', { id: first.transactionID }),
    });
    // The mock answers three documents.
    await expect(within(documents).getAllByRole('listitem')).toHaveLength(3);
  },
};
export const DataArabic = inArabic(Data);
export const DataDark = inDark(Data);
export const DataArabicDark = inDark(inArabic(Data));
export const NothingFound: Story = stories.NothingFound;
export const NothingFoundArabic: Story = stories.NothingFoundArabic;
export const Empty: Story = stories.Empty;
export const EmptyArabic: Story = stories.EmptyArabic;
export const Loading: Story = stories.Loading;
export const LoadingArabic: Story = stories.LoadingArabic;
export const Failed: Story = stories.Failed;
export const FailedArabic: Story = stories.FailedArabic;
