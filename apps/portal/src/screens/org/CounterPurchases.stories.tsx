/**
 * The eSign counters the organization bought (SPEC §2 `buy/esign/plans`): the declared grid's stories (stories/gridStories.tsx) in both languages and themes,
 * an order opened to its packs, and the way to buy more; network mocked.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { purchasedCountersGrid } from '@tawqi/api/grids';
import { expect, within } from 'storybook/test';
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
import Purchases from './Purchases.js';

const portal = { route: '/app/org/buy/esign/plans', session: SESSION_WITH_ORGANIZATIONS };

const meta = {
  title: 'Portal/Org/CounterPurchases',
  component: Purchases,
  args: { category: 'counter' },
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: { ...SCREEN_CHECKS, layout: 'padded', portal },
} satisfies Meta<typeof Purchases>;
export default meta;
type Story = StoryObj<typeof meta>;

const stories = gridStories(purchasedCountersGrid, {
  label: 'org:buy.counter.title',
  empty: 'org:buy.counter.empty',
  portal,
});

/** The orders, one opened to its packs; buying more is a link; this page is the current one. */
export const Data: Story = {
  ...stories.Data,
  play: async (context) => {
    await stories.Data.play(context);
    const canvas = within(context.canvasElement);
    await expect(canvas.getByRole('link', { name: text('org:buy.counter.buy') })).toHaveAttribute(
      'href',
      '/app/org/buy/esign/plans/buycounter',
    );
    await expect(canvas.getByRole('link', { name: text('org:buy.counter.title') })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const grid = await openFirstRow(context.canvasElement, text('org:buy.counter.title'));
    // The first order's packs (the mock answers its lines), each with its quantity.
    const packs = await within(grid).findAllByText(text('org:buy.lines.quantity'));
    await expect(packs.length).toBeGreaterThan(0);
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
