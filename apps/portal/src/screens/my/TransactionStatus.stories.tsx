/**
 * An eSign transaction's outcome (SPEC §2 esigntransaction-status) and the page a signing service
 * returns to (esign/transaction/return/external); no transaction named; loading and a failed read.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import {
  SESSION_INDIVIDUAL,
  failedOnceStory,
  loadingStory,
  inArabic,
  inDark,
  portalLoader,
  text,
  withPortal,
} from '../../stories/portal.js';
import TransactionStatus from './TransactionStatus.js';

const meta = {
  title: 'Portal/My/TransactionStatus',
  component: TransactionStatus,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: {
    layout: 'padded',
    portal: {
      route: '/app/my/esigntransaction-status?transactionID=ES-2026000102',
      session: SESSION_INDIVIDUAL,
    },
  },
} satisfies Meta<typeof TransactionStatus>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Data: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'ES-2026000102' })).toBeVisible();
    // The mock's transaction has two documents.
    await expect(
      canvas.getByRole('heading', { name: text('my:transactionStatus.documents', { count: 2 }) }),
    ).toBeVisible();
  },
};
export const DataArabic = inArabic(Data);
export const DataDark = inDark(Data);
export const DataArabicDark = inDark(inArabic(Data));

/** Back from a signing service: the same outcome under its own title. */
export const Returned: Story = {
  args: { returned: true },
  parameters: {
    portal: {
      route: '/app/my/esign/transaction/return/external?transactionID=ES-2026000102',
      session: SESSION_INDIVIDUAL,
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', {
        level: 1,
        name: text('my:transactionStatus.returnedTitle'),
      }),
    ).toBeVisible();
    await expect(await canvas.findByRole('heading', { name: 'ES-2026000102' })).toBeVisible();
  },
};
export const ReturnedArabic = inArabic(Returned);

export const NoTransaction: Story = {
  parameters: { portal: { route: '/app/my/esigntransaction-status', session: SESSION_INDIVIDUAL } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(text('my:transactionStatus.none')),
    ).toBeVisible();
  },
};
export const NoTransactionArabic = inArabic(NoTransaction);

export const Loading: Story = loadingStory('esignTransactionStatus');
export const LoadingArabic = inArabic(Loading);

export const Failed: Story = failedOnceStory('esignTransactionStatus');
export const FailedArabic = inArabic(failedOnceStory('esignTransactionStatus'));
