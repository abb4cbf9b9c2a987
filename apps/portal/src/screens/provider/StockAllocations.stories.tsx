/**
 * L2 stock allocation (SPEC §2 `reports/stock`): the declared grid's stories, and the allocation
 * form: what the L1 has left, more than that refused here, an allocation sent. Network mocked.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { CONTRACT } from '@tawqi/api';
import { l2StockAllocationGrid } from '@tawqi/api/grids';
import { formatNumber } from '@tawqi/domain';
import i18next from 'i18next';
import { mockUrl } from '@tawqi/api/msw';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { gridStories } from '../../stories/gridStories.js';
import {
  chooseFirstOption,
  SESSION_PROVIDER_STAFF,
  inArabic,
  portalLoader,
  text,
  withPortal,
  SCREEN_CHECKS,
} from '../../stories/portal.js';
import StockAllocations from './StockAllocations.js';

const portal = { route: '/app/provider/reports/stock', session: SESSION_PROVIDER_STAFF };

const meta = {
  title: 'Portal/Provider/StockAllocations',
  component: StockAllocations,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: { ...SCREEN_CHECKS, layout: 'padded', portal },
} satisfies Meta<typeof StockAllocations>;
export default meta;
type Story = StoryObj<typeof meta>;

const stories = gridStories(l2StockAllocationGrid, {
  label: 'org:providers.stock.title',
  empty: 'org:providers.stock.empty',
  portal,
});

export const Data: Story = stories.Data;
export const DataArabic: Story = stories.DataArabic;
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

const sent: unknown[] = [];

/** Choosing a provider and more than is left is refused here; within it, the allocation is sent. */
export const Allocate: Story = {
  parameters: {
    msw: [
      http.post(mockUrl(CONTRACT.allocateL2Stock), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({
          status: '1',
          errorMessage: null,
          l1SipRemainingCounter: 17_000,
        });
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    sent.length = 0;
    const canvas = within(canvasElement);
    const counters = await canvas.findByRole('textbox', {
      name: new RegExp(text('org:providers.stock.counters')),
    });
    await userEvent.click(canvas.getByRole('button', { name: text('org:providers.form.send') }));
    await expect(await canvas.findByText(text('org:providers.form.l2Needed'))).toBeVisible();
    await chooseFirstOption(canvasElement, text('org:providers.form.l2'));
    await userEvent.type(counters, '20000');
    await userEvent.click(canvas.getByRole('button', { name: text('org:providers.form.send') }));
    await expect(
      await canvas.findByText(
        text('org:providers.form.tooMany', {
          formatted: formatNumber(18_000, i18next.language === 'ar' ? 'ar' : 'en'),
        }),
      ),
    ).toBeVisible();
    await expect(sent).toEqual([]);
    await userEvent.clear(counters);
    await userEvent.type(counters, '1000');
    await userEvent.click(canvas.getByRole('button', { name: text('org:providers.form.send') }));
    await waitFor(() => expect(sent).toEqual([{ l1SipId: 408, l2SipId: 500, counters: 1000 }]));
  },
};
export const AllocateArabic: Story = inArabic(Allocate);
