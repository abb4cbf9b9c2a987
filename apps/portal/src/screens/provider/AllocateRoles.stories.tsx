/**
 * Allocating role counters to an L2 provider (SPEC §2 `buy/role/l2/counter/create`): what the L1
 * has left per role; nothing to allocate refused here; an allocation sent; and, when the L1's
 * remaining counters cannot be read, 0 left for each (SPEC §5). Network mocked.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { CONTRACT } from '@tawqi/api';
import { mockUrl } from '@tawqi/api/msw';
import { formatNumber } from '@tawqi/domain';
import i18next from 'i18next';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  chooseFirstOption,
  SESSION_PROVIDER_STAFF,
  inArabic,
  portalLoader,
  text,
  withPortal,
  SCREEN_CHECKS,
} from '../../stories/portal.js';
import AllocateRoles from './AllocateRoles.js';

const portal = {
  route: '/app/provider/buy/role/l2/counter/create',
  session: SESSION_PROVIDER_STAFF,
};

const meta = {
  title: 'Portal/Provider/AllocateRoles',
  component: AllocateRoles,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: { ...SCREEN_CHECKS, layout: 'padded', portal },
} satisfies Meta<typeof AllocateRoles>;
export default meta;
type Story = StoryObj<typeof meta>;

const left = (count: number) =>
  text('org:providers.form.left', {
    formatted: formatNumber(count, i18next.language === 'ar' ? 'ar' : 'en'),
  });

const sent: unknown[] = [];

/** The L1's counters left per role; nothing is refused here; an allocation is sent. */
export const Allocate: Story = {
  parameters: {
    msw: [
      http.post(mockUrl(CONTRACT.allocateL2RoleCounters), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ status: '1', errorMessage: null, remaining: null });
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    sent.length = 0;
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(left(2400))).toBeVisible();
    await expect(canvas.getByText(left(15))).toBeVisible();
    await chooseFirstOption(canvasElement, text('org:providers.form.l2'));
    await userEvent.click(canvas.getByRole('button', { name: text('org:providers.form.send') }));
    await expect(await canvas.findByText(text('org:providers.roles.atLeastOne'))).toBeVisible();
    await userEvent.type(
      canvas.getByRole('textbox', { name: new RegExp(text('org:roles.enrolmentAdmin')) }),
      '3',
    );
    await userEvent.click(canvas.getByRole('button', { name: text('org:providers.form.send') }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          l1SipId: 408,
          l2SipId: 500,
          organizationUserCounters: 0,
          enrollmentAdminCounters: 3,
          authorisedSignatoryCounters: 0,
        },
      ]),
    );
  },
};
export const AllocateArabic: Story = inArabic(Allocate);

/** SPEC §5: the L1's remaining counters unread are 0 for each. */
export const RemainingUnread: Story = {
  parameters: {
    msw: [
      http.post(mockUrl(CONTRACT.l1RemainingCounters), () =>
        HttpResponse.json(
          { statusCode: 500, code: 'INTERNAL', message: 'Failed' },
          { status: 500 },
        ),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByText(left(0))).toHaveLength(3), { timeout: 6000 });
  },
};
export const RemainingUnreadArabic: Story = inArabic(RemainingUnread);
