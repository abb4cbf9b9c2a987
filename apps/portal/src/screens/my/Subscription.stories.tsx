/**
 * My subscription (SPEC §2): the four grids in their tabs, payment rows with their actions; each
 * state in English and Arabic, light and dark, network mocked.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { CONTRACT } from '@tawqi/api';
import { mockStates, fixturesOf, mockUrl } from '@tawqi/api/msw';
import { http, HttpResponse } from 'msw';
import { expect, screen, userEvent, within } from 'storybook/test';
import {
  SESSION_INDIVIDUAL,
  beginningOf,
  failedOnceStory,
  loadingStory,
  expectDataRows,
  inArabic,
  inDark,
  portalLoader,
  text,
  uiText,
  withPortal,
  SCREEN_CHECKS,
} from '../../stories/portal.js';
import Subscription from './Subscription.js';

const meta = {
  title: 'Portal/My/Subscription',
  component: Subscription,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: {
    ...SCREEN_CHECKS,
    layout: 'padded',
    portal: { route: '/app/my/esign/subscriptions', session: SESSION_INDIVIDUAL },
  },
} satisfies Meta<typeof Subscription>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Current plans first; the keyboard moves to the payment history, whose rows carry actions. */
export const Data: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const current = await canvas.findByRole('grid', { name: text('my:subscription.tabs.current') });
    // The mock has three plans in force.
    await expectDataRows(current, 3);
    const tab = canvas.getByRole('tab', { name: text('my:subscription.tabs.current') });
    await userEvent.click(tab);
    await userEvent.keyboard('{End}');
    await expect(
      canvas.getByRole('tab', { name: text('my:subscription.tabs.payments') }),
    ).toHaveAttribute('aria-selected', 'true');
    const payments = await canvas.findByRole('grid', {
      name: text('my:subscription.tabs.payments'),
    });
    // The mock's payment history has 14 payments: the first page of 10.
    await expectDataRows(payments, 10);
  },
};
export const DataArabic = inArabic(Data);
export const DataDark = inDark(Data);
export const DataArabicDark = inDark(inArabic(Data));

export const PurchasedPlans: Story = {
  parameters: {
    portal: { route: '/app/my/esign/subscriptions?tab=purchased', session: SESSION_INDIVIDUAL },
  },
  play: async ({ canvasElement }) => {
    const grid = await within(canvasElement).findByRole('grid', {
      name: text('my:subscription.tabs.purchased'),
    });
    // The mock's 12 purchased plans: the first page of 10.
    await expectDataRows(grid, 10);
  },
};
export const PurchasedPlansArabic = inArabic(PurchasedPlans);

const onlyWelcomePack = http.get(mockUrl(CONTRACT.purchasedPlans), ({ request }) =>
  HttpResponse.json({ welcomePackList: [fixturesOf(request).purchasedPlan(0)], totalCount: 1 }),
);

/** Nothing bought yet: purchased plans shows the welcome pack, and says so. */
export const WelcomePackOnly: Story = {
  parameters: {
    msw: [onlyWelcomePack],
    portal: { route: '/app/my/esign/subscriptions?tab=purchased', session: SESSION_INDIVIDUAL },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(text('my:plans.welcomePack'))).toBeVisible();
    await expectDataRows(
      canvas.getByRole('grid', { name: text('my:subscription.tabs.purchased') }),
      1,
    );
  },
};
export const WelcomePackOnlyArabic = inArabic(WelcomePackOnly);

export const Loading: Story = loadingStory('currentPlans');
export const LoadingArabic = inArabic(Loading);

export const Empty: Story = {
  parameters: { msw: [mockStates.empty('currentPlans')] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(text('my:plans.empty.current'))).toBeVisible();
    await expect(canvas.getAllByRole('link', { name: text('my:plans.buy') })[0]).toHaveAttribute(
      'href',
      '/app/my/esign/buy/plans',
    );
  },
};
export const EmptyArabic = inArabic(Empty);

/**
 * One row per order: a paid one opens its simplified tax invoice (bilingual labels, the seller's
 * VAT number, the ZATCA QR code), printable; the row's details list its payment attempts.
 */
export const PaymentsWithReceipt: Story = {
  parameters: {
    portal: { route: '/app/my/esign/subscriptions?tab=payments', session: SESSION_INDIVIDUAL },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const grid = await canvas.findByRole('grid', { name: text('my:subscription.tabs.payments') });
    await expectDataRows(grid, 10);
    const [details] = within(grid).getAllByRole('button', { name: uiText('expandRow') });
    if (!details) throw new Error('a row has details');
    await userEvent.click(details);
    await expect(await within(grid).findByText(text('my:payments.attempts'))).toBeVisible();
    const [receipt] = within(grid).getAllByRole('button', {
      name: beginningOf('my:payments.receiptOf'),
    });
    if (!receipt) throw new Error('a paid order has a receipt');
    await userEvent.click(receipt);
    const dialog = await screen.findByRole('dialog', {
      name: text('my:receipt.title'),
    });
    await expect(await within(dialog).findByText('310123456700003')).toBeVisible();
    await expect(within(dialog).getByRole('img', { name: text('my:receipt.qr') })).toBeVisible();
    await expect(dialog).toHaveTextContent('رقم الفاتورة');
    await expect(
      within(dialog).getByRole('button', { name: text('my:receipt.print') }),
    ).toBeEnabled();
  },
};
export const PaymentsWithReceiptArabic = inArabic<Story>({
  parameters: {
    portal: { route: '/app/my/esign/subscriptions?tab=payments', session: SESSION_INDIVIDUAL },
  },
  play: async ({ canvasElement }) => {
    const grid = await within(canvasElement).findByRole('grid');
    await expectDataRows(grid, 10);
    const [receipt] = within(grid).getAllByRole('button', { name: /^الفاتورة الضريبية للطلب / });
    if (!receipt) throw new Error('a paid order has a receipt');
    await userEvent.click(receipt);
    const dialog = await screen.findByRole('dialog', { name: 'فاتورة ضريبية مبسطة' });
    await expect(await within(dialog).findByText('310123456700003')).toBeVisible();
    // Arabic first, English beside it; the amounts in Arabic-Indic digits.
    await expect(dialog).toHaveTextContent('الرقم الضريبي / VAT number');
    await expect(dialog).toHaveTextContent(/٣٩٩٫٠٠/);
  },
});

export const EmptyPayments: Story = {
  parameters: {
    msw: [mockStates.empty('paymentHistory')],
    portal: { route: '/app/my/esign/subscriptions?tab=payments', session: SESSION_INDIVIDUAL },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(text('my:payments.empty'))).toBeVisible();
  },
};
export const EmptyPaymentsArabic = inArabic(EmptyPayments);

export const Failed: Story = failedOnceStory('currentPlans');
export const FailedArabic = inArabic(failedOnceStory('currentPlans'));
