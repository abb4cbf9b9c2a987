/**
 * The purchase orders made to an L1 provider, in its provider area (issue 36): its staff confirm
 * a recorded transfer — taking effect, or above the four-eyes amount waiting for a second staff
 * member; network mocked.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { CONTRACT } from '@tawqi/api';
import { fixturesOf, mockUrl } from '@tawqi/api/msw';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  SESSION_PROVIDER_STAFF,
  inArabic,
  openFirstRow,
  portalLoader,
  text,
  withPortal,
  SCREEN_CHECKS,
} from '../../stories/portal.js';
import { orderIn } from '../org/purchases.mocks.js';
import ProviderPurchaseOrders from './ProviderPurchaseOrders.js';

const meta = {
  title: 'Portal/Provider/PurchaseOrders',
  component: ProviderPurchaseOrders,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: {
    ...SCREEN_CHECKS,
    layout: 'padded',
    portal: { route: '/app/provider/purchase/requests', session: SESSION_PROVIDER_STAFF },
  },
} satisfies Meta<typeof ProviderPurchaseOrders>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The list the story's staff member decides from. */
const transferredOrder = http.post(mockUrl(CONTRACT.providerPurchaseOrders), ({ request }) =>
  HttpResponse.json({
    dataList: [
      {
        ...orderIn(request),
        status: 'paymentInitiated',
        organizationName: fixturesOf(request).say({
          en: 'Riyadh Trading Company',
          ar: 'شركة الرياض للتجارة',
        }),
        transferReference: 'TRF-2026-0001',
      },
    ],
    totalCount: 1,
  }),
);

const confirmed: unknown[] = [];

/** A recorded transfer is confirmed as received. */
export const Confirm: Story = {
  parameters: {
    msw: [
      transferredOrder,
      http.post(mockUrl(CONTRACT.confirmPurchaseOrder), async ({ request }) => {
        confirmed.push(await request.json());
        return HttpResponse.json({ status: '1', errorMessage: null, awaitingSecondStaff: false });
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    confirmed.length = 0;
    await openFirstRow(canvasElement, text('org:orders.title'));
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', {
        name: text('org:orders.confirm.received', { id: 'PO-000031' }),
      }),
    );
    await waitFor(() =>
      expect(confirmed).toEqual([{ l1SipId: 408, requestSlNo: 31, received: true }]),
    );
  },
};
export const ConfirmArabic: Story = inArabic(Confirm);

/** Above the four-eyes amount: the confirmation waits for a second staff member. */
export const AwaitingSecondStaff: Story = {
  parameters: {
    msw: [
      transferredOrder,
      http.post(mockUrl(CONTRACT.confirmPurchaseOrder), () =>
        HttpResponse.json({ status: '1', errorMessage: null, awaitingSecondStaff: true }),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    await openFirstRow(canvasElement, text('org:orders.title'));
    await userEvent.click(
      await within(canvasElement).findByRole('button', {
        name: text('org:orders.confirm.received', { id: 'PO-000031' }),
      }),
    );
    await expect(
      await within(document.body).findByText(text('org:providers.fourEyes.proposed')),
    ).toBeVisible();
  },
};
export const AwaitingSecondStaffArabic: Story = inArabic(AwaitingSecondStaff);
