/**
 * Special plans (SPEC §2 `purchase/special/plan`): the organization's requests as the declared
 * grid's stories (stories/gridStories.tsx) and a priced request with its pay button; network
 * mocked. The provider's staff price requests in the provider area (ProviderSpecialPlans).
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { CONTRACT } from '@tawqi/api';
import { specialPlansGrid } from '@tawqi/api/grids';
import { mockUrl } from '@tawqi/api/msw';
import { http, HttpResponse } from 'msw';
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
import { requestIn } from './purchases.mocks.js';
import SpecialPlans from './SpecialPlans.js';

const portal = { route: '/app/org/purchase/special/plan', session: SESSION_WITH_ORGANIZATIONS };

const meta = {
  title: 'Portal/Org/SpecialPlans',
  component: SpecialPlans,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: { ...SCREEN_CHECKS, layout: 'padded', portal },
} satisfies Meta<typeof SpecialPlans>;
export default meta;
type Story = StoryObj<typeof meta>;

const stories = gridStories(specialPlansGrid, {
  label: 'org:special.title',
  empty: 'org:special.empty',
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

/** A priced request opens to its amounts and a button that pays it. */
export const Priced: Story = {
  parameters: {
    msw: [
      http.post(mockUrl(CONTRACT.specialPlans), ({ request }) =>
        HttpResponse.json({
          dataList: [{ ...requestIn(request), status: 'approved' }],
          totalCount: 1,
        }),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    await openFirstRow(canvasElement, text('org:special.title'));
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('button', { name: text('org:special.pay', { id: 'SP-000042' }) }),
    ).toBeVisible();
  },
};
export const PricedArabic: Story = inArabic(Priced);
