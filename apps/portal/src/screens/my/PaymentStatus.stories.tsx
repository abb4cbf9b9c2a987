/**
 * Payment status (SPEC §2 paymentStatus): where the gateway returns. Received, failed (check again
 * with the gateway, or pay again), no payment named; loading and a failed read, both languages.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { CONTRACT } from '@tawqi/api';
import { mockUrl } from '@tawqi/api/msw';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import {
  SESSION_INDIVIDUAL,
  failedOnceStory,
  loadingStory,
  inArabic,
  inDark,
  portalLoader,
  text,
  withPortal,
  SCREEN_CHECKS,
} from '../../stories/portal.js';
import PaymentStatus from './PaymentStatus.js';

const ROUTE = '/app/my/paymentStatus?payment=pay_000000000001';

const meta = {
  title: 'Portal/My/PaymentStatus',
  component: PaymentStatus,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: {
    ...SCREEN_CHECKS,
    layout: 'padded',
    portal: { route: ROUTE, session: SESSION_INDIVIDUAL },
  },
} satisfies Meta<typeof PaymentStatus>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Received: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: text('my:paymentStatus.outcome.success') }),
    ).toBeVisible();
    await expect(
      canvas.getByRole('link', { name: text('my:paymentStatus.seePlans') }),
    ).toHaveAttribute('href', '/app/my/esign/subscriptions?tab=purchased');
  },
};
export const ReceivedArabic = inArabic(Received);
export const ReceivedDark = inDark(Received);
export const ReceivedArabicDark = inDark(inArabic(Received));

/** A certificate paid: the next step is My certificates, where its key is made (issue 38). */
export const CertificateReceived: Story = {
  parameters: {
    msw: [
      http.get(mockUrl(CONTRACT.paymentStatus), () =>
        HttpResponse.json({
          encodedPaymentSlno: 'pay_000000000001',
          encodedOrderSlno: 'ord_000000000001',
          paymentStatus: 'success',
          statusLabel: 'Payment success',
          amount: 172.5,
          errorMessage: null,
          category: 'certificate',
        }),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Paid is not issued: the page says what is left, and leads there.
    await expect(await canvas.findByText(text('my:paymentStatus.certificateNext'))).toBeVisible();
    await expect(
      canvas.getByRole('link', { name: text('my:paymentStatus.makeKey') }),
    ).toHaveAttribute('href', '/app/my/dsc/manage');
    await expect(
      canvas.queryByRole('link', { name: text('my:paymentStatus.seePlans') }),
    ).toBeNull();
  },
};
export const CertificateReceivedArabic = inArabic(CertificateReceived);

const declined = http.get(mockUrl(CONTRACT.paymentStatus), () =>
  HttpResponse.json({
    encodedPaymentSlno: 'pay_000000000001',
    encodedOrderSlno: 'ord_000000000001',
    paymentStatus: 'failure',
    statusLabel: 'Payment failure',
    amount: 458.85,
    errorMessage: 'The card was declined.',
    category: 'plan',
  }),
);

/** The card was declined: pay again, or check again (the gateway now says it went through). */
export const PaymentFailed: Story = {
  parameters: { msw: [declined] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: text('my:paymentStatus.outcome.failure') }),
    ).toBeVisible();
    await expect(canvas.getByText('The card was declined.')).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: text('my:paymentStatus.payAgain') }),
    ).toBeEnabled();
    await userEvent.click(canvas.getByRole('button', { name: text('my:paymentStatus.recheck') }));
    await expect(
      await canvas.findByRole('heading', { name: text('my:paymentStatus.outcome.success') }),
    ).toBeVisible();
  },
};
export const PaymentFailedArabic = inArabic(PaymentFailed);
export const PaymentFailedDark = inDark(PaymentFailed);

const stillPending = http.get(mockUrl(CONTRACT.paymentStatus), () =>
  HttpResponse.json({
    encodedPaymentSlno: 'pay_000000000001',
    encodedOrderSlno: 'ord_000000000001',
    paymentStatus: 'pending',
    statusLabel: 'Payment initiated',
    amount: 458.85,
    errorMessage: null,
    category: 'plan',
  }),
);

/** The gateway has not settled yet: the page says it waits (and asks again every 3 s). */
export const Pending: Story = {
  parameters: { msw: [stillPending] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: text('my:paymentStatus.outcome.pending') }),
    ).toBeVisible();
    await expect(
      canvas.getByRole('progressbar', { name: text('my:paymentStatus.waiting') }),
    ).toBeVisible();
  },
};
export const PendingArabic = inArabic(Pending);

export const NoPayment: Story = {
  parameters: { portal: { route: '/app/my/paymentStatus', session: SESSION_INDIVIDUAL } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(text('my:paymentStatus.none')),
    ).toBeVisible();
  },
};
export const NoPaymentArabic = inArabic(NoPayment);

export const Loading: Story = loadingStory('paymentStatus');
export const LoadingArabic = inArabic(Loading);

export const Failed: Story = failedOnceStory('paymentStatus');
export const FailedArabic = inArabic(failedOnceStory('paymentStatus'));
