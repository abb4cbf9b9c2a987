/**
 * Purchase orders (SPEC §2 `purchase/requests`): the organization's orders as the declared grid's
 * stories (stories/gridStories.tsx), the provider's account above them, recording a transfer,
 * and ordering packs; network mocked. The provider's staff confirm transfers in the provider
 * area (ProviderPurchaseOrders).
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { CONTRACT } from '@tawqi/api';
import { purchaseOrdersGrid } from '@tawqi/api/grids';
import { mockUrl } from '@tawqi/api/msw';
import { http, HttpResponse } from 'msw';
import { expect, screen as page, userEvent, waitFor, within } from 'storybook/test';
import { gridStories } from '../../stories/gridStories.js';
import {
  SESSION_WITH_ORGANIZATIONS,
  inArabic,
  openFirstRow,
  portalLoader,
  text,
  withPortal,
  SCREEN_CHECKS,
} from '../../stories/portal.js';
import { orderIn } from './purchases.mocks.js';
import PurchaseOrders from './PurchaseOrders.js';

const portal = { route: '/app/org/purchase/requests', session: SESSION_WITH_ORGANIZATIONS };

const meta = {
  title: 'Portal/Org/PurchaseOrders',
  component: PurchaseOrders,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: { ...SCREEN_CHECKS, layout: 'padded', portal },
} satisfies Meta<typeof PurchaseOrders>;
export default meta;
type Story = StoryObj<typeof meta>;

const stories = gridStories(purchaseOrdersGrid, {
  label: 'org:orders.title',
  empty: 'org:orders.empty',
  portal,
});

/** The orders, and above them where the transfer goes. */
export const Data: Story = {
  ...stories.Data,
  play: async (context) => {
    await stories.Data.play(context);
    const canvas = within(context.canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: text('org:orders.payee.title') }),
    ).toBeVisible();
    await expect(canvas.getByText('SA0380000000608010167519')).toBeVisible();
  },
};
export const DataArabic: Story = inArabic(Data);
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

const recorded: unknown[] = [];

/** A waiting order: its transfer's reference is needed, then recorded. */
export const RecordTransfer: Story = {
  parameters: {
    msw: [
      http.post(mockUrl(CONTRACT.purchaseOrders), ({ request }) =>
        HttpResponse.json({
          dataList: [{ ...orderIn(request), status: 'pending' }],
          totalCount: 1,
        }),
      ),
      http.post(mockUrl(CONTRACT.recordPurchaseOrderTransfer), async ({ request }) => {
        recorded.push(await request.json());
        return HttpResponse.json({ status: '1', errorMessage: null });
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    recorded.length = 0;
    await openFirstRow(canvasElement, text('org:orders.title'));
    const canvas = within(canvasElement);
    const record = await canvas.findByRole('button', {
      name: text('org:orders.record', { id: 'PO-000031' }),
    });
    await userEvent.click(record);
    await expect(await canvas.findByText(text('org:orders.transferNeeded'))).toBeVisible();
    await userEvent.type(
      canvas.getByRole('textbox', { name: text('org:orders.transfer') }),
      'TRF-2026-0001',
    );
    await userEvent.click(record);
    await waitFor(() =>
      expect(recorded).toEqual([
        { orgSlNo: 314, requestSlNo: 31, transferReference: 'TRF-2026-0001' },
      ]),
    );
  },
};
export const RecordTransferArabic: Story = inArabic(RecordTransfer);

/** Ordering counters opens the packs on sale in the quantity dialog. */
export const NewOrder: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: text('org:orders.new.counter') }),
    );
    const dialog = await page.findByRole('dialog', { name: text('org:orders.new.counter') });
    await expect(within(dialog).getAllByRole('textbox')).toHaveLength(6);
  },
};
export const NewOrderArabic: Story = inArabic(NewOrder);
