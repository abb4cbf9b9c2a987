/** Buy a digital signature certificate (SPEC §2 `dsc/buy`): each state in both languages. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { mockStates } from '@tawqi/api/msw';
import { expect, screen, userEvent, within } from 'storybook/test';
import {
  SESSION_INDIVIDUAL,
  failedOnceStory,
  inArabic,
  inDark,
  loadingStory,
  portalLoader,
  text,
  withPortal,
  SCREEN_CHECKS,
} from '../../stories/portal.js';
import BuyCertificate from './BuyCertificate.js';

const meta = {
  title: 'Portal/My/Buy certificate',
  component: BuyCertificate,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: {
    ...SCREEN_CHECKS,
    layout: 'padded',
    portal: { route: '/app/my/dsc/buy', session: SESSION_INDIVIDUAL },
  },
} satisfies Meta<typeof BuyCertificate>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The two certificates for a person, each with its total, VAT and validity. */
export const Data: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findAllByRole('heading', { level: 2 })).toHaveLength(2);
    await expect(canvas.getByText(text('my:dscBuy.validity', { count: 12 }))).toBeVisible();
    await expect(canvas.getByText(text('my:dscBuy.validity', { count: 24 }))).toBeVisible();
    await expect(canvas.getAllByRole('button', { name: /^Buy |^شراء / })).toHaveLength(2);
  },
};
export const DataArabic = inArabic(Data);
export const DataDark = inDark(Data);
export const DataArabicDark = inDark(inArabic(Data));

/** Choosing one says what is paid (price, VAT, total) and what comes after, before the gateway. */
export const ConfirmPurchase: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [first] = await canvas.findAllByRole('button', { name: /^Buy |^شراء / });
    if (!first) throw new Error('the mock sells two certificates');
    await userEvent.click(first);
    const dialog = await screen.findByRole('dialog', {
      name: text('my:dscBuy.confirmTitle'),
    });
    await expect(within(dialog).getByText(text('my:dscBuy.afterPayment'))).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: text('my:dscBuy.pay') })).toBeEnabled();
    await userEvent.click(within(dialog).getByRole('button', { name: text('my:dscBuy.back') }));
    await expect(screen.queryByRole('dialog', { name: text('my:dscBuy.confirmTitle') })).toBeNull();
  },
};
export const ConfirmPurchaseArabic = inArabic(ConfirmPurchase);

export const Loading: Story = loadingStory('certificateProducts');
export const LoadingArabic = inArabic(Loading);

export const Empty: Story = {
  parameters: { msw: [mockStates.empty('certificateProducts')] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(text('my:dscBuy.empty'))).toBeVisible();
  },
};
export const EmptyArabic = inArabic(Empty);

export const Failed: Story = failedOnceStory('certificateProducts');
export const FailedArabic = inArabic(failedOnceStory('certificateProducts'));
