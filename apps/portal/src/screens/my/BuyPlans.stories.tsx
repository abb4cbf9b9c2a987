/**
 * Buy eSign plan (SPEC §2, §3 "Buyable plan"): the plans with the server's prices and VAT, the
 * quantity step before the gateway, and a refused order; each state in both languages.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { mockStates } from '@tawqi/api/msw';
import { expect, screen, userEvent, within } from 'storybook/test';
import {
  SESSION_INDIVIDUAL,
  failedOnceStory,
  loadingStory,
  inArabic,
  inDark,
  portalLoader,
  storyFixtures,
  storyLanguage,
  text,
  withPortal,
  SCREEN_CHECKS,
} from '../../stories/portal.js';
import BuyPlans from './BuyPlans.js';

/** The first plan on sale, in the story's language. */
const firstPlan = () => storyFixtures().buyablePlan(0);

const meta = {
  title: 'Portal/My/BuyPlans',
  component: BuyPlans,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: {
    ...SCREEN_CHECKS,
    layout: 'padded',
    portal: { route: '/app/my/esign/buy/plans', session: SESSION_INDIVIDUAL },
  },
} satisfies Meta<typeof BuyPlans>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A plan's card opens the quantity step with one plan chosen; Escape closes it. */
export const Data: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const choose = await canvas.findByRole('button', {
      name: text('my:buy.choose', { plan: firstPlan().planName }),
    });
    await userEvent.click(choose);
    const dialog = await screen.findByRole('dialog', {
      name: text('my:buy.dialogTitle', { plan: firstPlan().planName }),
    });
    await expect(within(dialog).getByRole('button', { name: text('my:buy.pay') })).toBeEnabled();
    await userEvent.keyboard('{Escape}');
    await expect(screen.queryByRole('dialog')).toBeNull();
  },
};
export const DataArabic = inArabic(Data);
export const DataDark = inDark(Data);
export const DataArabicDark = inDark(inArabic(Data));

export const Loading: Story = loadingStory('commonEsignPlans');
export const LoadingArabic = inArabic(Loading);

export const Empty: Story = {
  parameters: { msw: [mockStates.empty('commonEsignPlans')] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(text('my:buy.empty'))).toBeVisible();
  },
};
export const EmptyArabic = inArabic(Empty);

export const Failed: Story = failedOnceStory('commonEsignPlans');
export const FailedArabic = inArabic(failedOnceStory('commonEsignPlans'));

const NOT_ON_SALE = {
  en: 'This plan is no longer on sale.',
  ar: 'لم تعد هذه الباقة معروضة للبيع.',
};

/** The server refuses the order: its message is shown and the quantity step stays open. */
export const OrderRefused: Story = {
  parameters: {
    msw: [mockStates.failure('buyEsignPlan', 400, NOT_ON_SALE)],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', {
        name: text('my:buy.choose', { plan: firstPlan().planName }),
      }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: text('my:buy.pay') }));
    await expect(await screen.findByText(NOT_ON_SALE[storyLanguage()])).toBeVisible();
    await expect(screen.getByRole('dialog')).toBeVisible();
  },
};
export const OrderRefusedArabic = inArabic(OrderRefused);

/** Arriving with a plan chosen on the public pricing page: that plan's quantity step is open. */
export const ChosenOnPricing: Story = {
  parameters: {
    portal: {
      route: `/app/my/esign/buy/plans?plan=${String(firstPlan().productPricingDetailsSlno)}`,
      session: SESSION_INDIVIDUAL,
    },
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog', {
      name: text('my:buy.dialogTitle', { plan: firstPlan().planName }),
    });
    await expect(within(dialog).getByRole('button', { name: text('my:buy.pay') })).toBeEnabled();
  },
};
export const ChosenOnPricingArabic = inArabic(ChosenOnPricing);
