/**
 * Buying for the organization (SPEC §2 `buy/esign/plans/buycounter`, `buy/role/plans/buyOrgPlan`):
 * the packs on sale with their prices, the quantity dialog's totals for several packs at once,
 * in both languages and themes; loading, nothing on sale and a failed read with its retry.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { CONTRACT } from '@tawqi/api';
import { FORMATTING_LOCALES } from '@tawqi/domain';
import { mockStates, fixturesOf, mockUrl } from '@tawqi/api/msw';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, within, screen as page } from 'storybook/test';
import {
  SESSION_WITH_ORGANIZATIONS,
  failedOnceStory,
  inArabic,
  inDark,
  loadingStory,
  portalLoader,
  text,
  storyLanguage,
  withPortal,
  SCREEN_CHECKS,
} from '../../stories/portal.js';
import BuyPacks from './BuyPacks.js';

const meta = {
  title: 'Portal/Org/BuyPacks',
  component: BuyPacks,
  args: { category: 'counter' },
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: {
    ...SCREEN_CHECKS,
    layout: 'padded',
    portal: { route: '/app/org/buy/esign/plans/buycounter', session: SESSION_WITH_ORGANIZATIONS },
  },
} satisfies Meta<typeof BuyPacks>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Two packs at 100.00 and 250.00 before VAT, 15 %: one of each is 350.00 + 52.50 = 402.50. */
const PACK_NAMES = {
  small: { en: '500 eSign counters', ar: '٥٠٠ عملية توقيع' },
  large: { en: '2,000 eSign counters', ar: '٢٬٠٠٠ عملية توقيع' },
};
const packs = http.post(mockUrl(CONTRACT.counterPlans), ({ request }) => {
  const { say, term, providerName } = fixturesOf(request);
  return HttpResponse.json({
    vat: 15,
    dataList: [
      {
        name: say(PACK_NAMES.small),
        paxDescription: `${say(PACK_NAMES.small)} — ${providerName}`,
        paxSize: 500,
        paxTypeName: term('eSign counters'),
        paxUniqueId: 'CNT-408-500',
        salesPrice: 100,
        tax: 15,
        totalPrice: 115,
        totalQuantity: 2,
      },
      {
        name: say(PACK_NAMES.large),
        paxDescription: `${say(PACK_NAMES.large)} — ${providerName}`,
        paxSize: 2000,
        paxTypeName: term('eSign counters'),
        paxUniqueId: 'CNT-408-2000',
        salesPrice: 250,
        tax: 37.5,
        totalPrice: 287.5,
        totalQuantity: 0,
      },
    ],
  });
});

/** The packs; choosing one of each shows the order's total with VAT per line. */
export const Counters: Story = {
  parameters: { msw: [packs] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: PACK_NAMES.small[storyLanguage()] }),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: text('org:buy.choose') }));
    const dialog = await page.findByRole('dialog', { name: text('org:buy.counter.dialogTitle') });
    // One of each pack, by keyboard.
    for (const field of within(dialog).getAllByRole('textbox')) {
      await userEvent.click(field);
      await userEvent.keyboard('{ArrowUp}');
    }
    await userEvent.tab();
    const language = document.documentElement.lang.startsWith('ar') ? 'ar' : 'en';
    const total = new Intl.NumberFormat(FORMATTING_LOCALES[language], {
      style: 'currency',
      currency: 'SAR',
      minimumFractionDigits: 2,
    })
      .format(402.5)
      // As the matcher reads the page's text: its no-break spaces as spaces.
      .replace(/\s/g, ' ');
    await expect(await within(dialog).findByText(total)).toBeVisible();
  },
};
export const CountersArabic: Story = inArabic(Counters);
export const CountersDark: Story = inDark(Counters);
export const CountersArabicDark: Story = inDark(inArabic(Counters));

/** Role seat packs (the mock's nine), for every organization. */
export const RoleSeats: Story = {
  args: { category: 'role' },
  parameters: {
    portal: { route: '/app/org/buy/role/plans/buyOrgPlan', session: SESSION_WITH_ORGANIZATIONS },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: text('org:buy.role.buyTitle') }),
    ).toBeVisible();
    await expect(await canvas.findAllByText(text('org:buy.role.size'))).toHaveLength(9);
  },
};
export const RoleSeatsArabic: Story = inArabic(RoleSeats);

export const NothingOnSale: Story = {
  parameters: { msw: [mockStates.empty('counterPlans')] },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(text('org:buy.counter.noPacks')),
    ).toBeVisible();
  },
};
export const NothingOnSaleArabic: Story = inArabic(NothingOnSale);
export const Loading: Story = loadingStory('counterPlans');
export const LoadingArabic: Story = inArabic(Loading);
export const Failed: Story = failedOnceStory('counterPlans');
export const FailedArabic: Story = inArabic(Failed);
