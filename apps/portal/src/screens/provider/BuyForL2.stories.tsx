/**
 * An L1 provider buying eSign counters for one of its L2 providers (SPEC §2
 * `buy/esign/plans/sipBuyCounter`): the L1's packs with their prices; choosing quantities asks
 * first for the L2 provider, then shows the order's total with VAT per line, and the order sent
 * names the provider; in both languages and themes; loading, no L2 provider, nothing on sale,
 * and a failed read with its retry. Network mocked.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { CONTRACT } from '@tawqi/api';
import { mockStates, mockUrl } from '@tawqi/api/msw';
import { FORMATTING_LOCALES } from '@tawqi/domain';
import { http, HttpResponse } from 'msw';
import { expect, screen as page, userEvent, waitFor, within } from 'storybook/test';
import {
  chooseFirstOption,
  SESSION_PROVIDER_STAFF,
  failedOnceStory,
  inArabic,
  inDark,
  loadingStory,
  portalLoader,
  text,
  withPortal,
  SCREEN_CHECKS,
} from '../../stories/portal.js';
import BuyForL2 from './BuyForL2.js';

const meta = {
  title: 'Portal/Provider/BuyForL2',
  component: BuyForL2,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: {
    ...SCREEN_CHECKS,
    layout: 'padded',
    portal: {
      route: '/app/provider/buy/esign/plans/sipBuyCounter',
      session: SESSION_PROVIDER_STAFF,
    },
  },
} satisfies Meta<typeof BuyForL2>;
export default meta;
type Story = StoryObj<typeof meta>;

const sent: unknown[] = [];
const checkout = http.post(mockUrl(CONTRACT.buyL2Counters), async ({ request }) => {
  sent.push(await request.json());
  // Stays on the page: the story checks what was sent, not the gateway.
  return HttpResponse.json({ statusCode: 503, code: 'SERVICE_UNAVAILABLE' }, { status: 503 });
});

/**
 * The mock’s three plans (99.00, 399.00 and 1,299.00 before VAT, 15 %): one of the first is
 * 99.00 + 14.85 = 113.85.
 */
export const Buy: Story = {
  parameters: { msw: [checkout] },
  play: async ({ canvasElement }) => {
    sent.length = 0;
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: text('org:providers.buy.title') }),
    ).toBeVisible();
    await expect(await canvas.findAllByText(text('org:buy.counter.size'))).toHaveLength(3);
    // No provider chosen yet: the press says so and opens nothing.
    await userEvent.click(canvas.getByRole('button', { name: text('org:buy.choose') }));
    await expect(await canvas.findByText(text('org:providers.form.l2Needed'))).toBeVisible();
    await expect(page.queryByRole('dialog')).toBeNull();

    await chooseFirstOption(canvasElement, text('org:providers.form.l2'));
    await userEvent.click(canvas.getByRole('button', { name: text('org:buy.choose') }));
    const dialog = await page.findByRole('dialog');
    const [field] = within(dialog).getAllByRole('textbox');
    if (!field) throw new Error('no quantity field');
    await userEvent.click(field);
    await userEvent.keyboard('{ArrowUp}');
    await userEvent.tab();
    const language = document.documentElement.lang.startsWith('ar') ? 'ar' : 'en';
    const total = new Intl.NumberFormat(FORMATTING_LOCALES[language], {
      style: 'currency',
      currency: 'SAR',
      minimumFractionDigits: 2,
    })
      .format(113.85)
      .replace(/\s/g, ' ');
    await expect(await within(dialog).findByText(total)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: text('org:buy.pay') }));
    await waitFor(() =>
      expect(sent).toEqual([
        { sipId: 408, l2SipId: 500, items: [{ paxUniqueId: 'PAX-L1-1', quantity: 1 }] },
      ]),
    );
  },
};
export const BuyArabic: Story = inArabic(Buy);
export const BuyDark: Story = inDark(Buy);
export const BuyArabicDark: Story = inDark(inArabic(Buy));

export const NoL2Provider: Story = {
  parameters: { msw: [mockStates.empty('l2Sips')] },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(text('org:providers.form.noL2')),
    ).toBeVisible();
  },
};
export const NoL2ProviderArabic: Story = inArabic(NoL2Provider);

export const NothingOnSale: Story = {
  parameters: { msw: [mockStates.empty('l1Plans')] },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(text('org:providers.buy.noPacks')),
    ).toBeVisible();
  },
};
export const NothingOnSaleArabic: Story = inArabic(NothingOnSale);
export const Loading: Story = loadingStory('l1Plans');
export const LoadingArabic: Story = inArabic(Loading);
export const Failed: Story = failedOnceStory('l1Plans');
export const FailedArabic: Story = inArabic(Failed);
