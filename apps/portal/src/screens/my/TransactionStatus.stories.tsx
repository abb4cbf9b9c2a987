/**
 * An eSign transaction's outcome (SPEC §2 esigntransaction-status) and the page a signing service
 * returns to (esign/transaction/return/external); no transaction named; loading and a failed read.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { CONTRACT } from '@tawqi/api';
import { createMockAnswers } from '@tawqi/api/fixtures';
import { mockUrl } from '@tawqi/api/msw';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  SESSION_INDIVIDUAL,
  failedOnceStory,
  loadingStory,
  inArabic,
  inDark,
  portalLoader,
  storyFixtures,
  text,
  withPortal,
  SCREEN_CHECKS,
} from '../../stories/portal.js';
import TransactionStatus from './TransactionStatus.js';

const meta = {
  title: 'Portal/My/TransactionStatus',
  component: TransactionStatus,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: {
    ...SCREEN_CHECKS,
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

const downloads: string[] = [];

/**
 * Several signed documents (issue 44's own signing): each downloads on its own, and all of them
 * together in one zip file.
 */
export const SeveralSigned: Story = {
  parameters: {
    msw: [
      http.get(mockUrl(CONTRACT.esignTransactionStatus), ({ params }) => {
        const answer = createMockAnswers(storyFixtures()).esignTransactionStatus({
          params: { transactionID: String(params.transactionID) },
          query: {},
          body: {},
        });
        return HttpResponse.json({
          ...answer,
          documents: answer.documents.map((document) => ({ ...document, signed: true })),
        });
      }),
      http.get(mockUrl(CONTRACT.mySignedDocuments), ({ params }) => {
        downloads.push(String(params.transactionID));
        return HttpResponse.arrayBuffer(new Uint8Array([0x50, 0x4b, 5, 6]).buffer, {
          headers: {
            'content-type': 'application/zip',
            'content-disposition': 'attachment; filename="ES-2026000102.zip"',
          },
        });
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    downloads.length = 0;
    const canvas = within(canvasElement);
    const all = await canvas.findByRole('button', {
      name: text('my:transactionStatus.downloadAll'),
    });
    await expect(
      canvas.getAllByRole('button', { name: new RegExp(text('my:transactions.downloadSigned')) }),
    ).toHaveLength(2);
    await userEvent.click(all);
    await waitFor(() => expect(downloads).toEqual(['ES-2026000102']));
  },
};
export const SeveralSignedArabic = inArabic(SeveralSigned);

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
