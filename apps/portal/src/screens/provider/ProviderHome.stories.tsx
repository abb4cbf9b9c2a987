/**
 * The provider area's home (issue 36): an L1's figures with links to where they are handled, an
 * L2's (what it received, from whom, and who decides for its organizations), the staff member's
 * roles in words, and loading; network mocked.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { CONTRACT } from '@tawqi/api';
import { fixturesOf, mockUrl } from '@tawqi/api/msw';
import { http, HttpResponse } from 'msw';
import { expect, within } from 'storybook/test';
import {
  SESSION_PROVIDER_STAFF,
  inArabic,
  inDark,
  loadingStory,
  portalLoader,
  storyFixtures,
  storyLanguage,
  text,
  withPortal,
  SCREEN_CHECKS,
} from '../../stories/portal.js';
import ProviderHome from './ProviderHome.js';

const meta = {
  title: 'Portal/Provider/ProviderHome',
  component: ProviderHome,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: {
    ...SCREEN_CHECKS,
    layout: 'padded',
    portal: { route: '/app/provider', session: SESSION_PROVIDER_STAFF },
  },
} satisfies Meta<typeof ProviderHome>;
export default meta;
type Story = StoryObj<typeof meta>;

/** An L1 provider's figures: its stock left, allocated, and applications waiting, with links. */
export const L1Provider: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const figures = await canvas.findByRole('region', {
      name: text('org:providers.home.figures', { name: storyFixtures().providerName }),
    });
    await expect(
      within(figures).getByRole('link', { name: text('org:dashboard.provider.allocate') }),
    ).toHaveAttribute('href', '/app/provider/reports/stock');
    await expect(
      within(figures).getByRole('link', { name: text('org:dashboard.provider.review') }),
    ).toHaveAttribute('href', '/app/provider/approval/ltwo');
    await expect(
      canvas.getByText(
        text('org:providers.home.lead', {
          roles: text('org:providers.roles.names.providerAdmin'),
        }),
      ),
    ).toBeVisible();
  },
};
export const L1ProviderArabic = inArabic(L1Provider);
export const L1ProviderDark = inDark(L1Provider);

const L2_NAME = { en: 'Jeddah Signing Services', ar: 'جدة لخدمات التوقيع' };

/** An L2 provider's figures: what it received from its L1, what it holds, who decides. */
export const L2Provider: Story = {
  parameters: {
    portal: {
      route: '/app/provider',
      session: {
        ...SESSION_PROVIDER_STAFF,
        providerList: [
          {
            sipSlNo: 500,
            providerName: L2_NAME.en,
            providerNameArabic: L2_NAME.ar,
            roles: ['providerAdmin'],
            sipLevel: 'L2',
          },
        ],
      },
    },
    msw: [
      http.post(mockUrl(CONTRACT.providerDashboard), ({ request }) =>
        HttpResponse.json({
          level: 'L2',
          name: fixturesOf(request).say(L2_NAME),
          held: {
            esign: 25_000,
            enrolmentAdmin: 10,
            authorizedSignatory: 40,
            organizationUser: 300,
          },
          esignAllocated: 25_000,
          pendingL2Requests: 0,
          parentName: fixturesOf(request).providerName,
        }),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const figures = await canvas.findByRole('region', {
      name: text('org:providers.home.figures', { name: L2_NAME[storyLanguage()] }),
    });
    await expect(
      within(figures).getByText(
        text('org:dashboard.provider.received', { name: storyFixtures().providerName }),
      ),
    ).toBeVisible();
    await expect(within(figures).queryAllByRole('link')).toHaveLength(0);
    await expect(canvas.getByText(text('org:providers.home.l2'))).toBeVisible();
  },
};
export const L2ProviderArabic = inArabic(L2Provider);

export const Loading: Story = loadingStory('providerDashboard');
export const LoadingArabic = inArabic(Loading);
