/**
 * The organization's payment status (SPEC §2 `/app/org/paymentStatus`): the same page as a
 * person's, leading to the organization's purchases once paid; both languages.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import {
  SESSION_WITH_ORGANIZATIONS,
  inArabic,
  portalLoader,
  text,
  withPortal,
  SCREEN_CHECKS,
} from '../../stories/portal.js';
import OrgPaymentStatus from './PaymentStatus.js';

const meta = {
  title: 'Portal/Org/PaymentStatus',
  component: OrgPaymentStatus,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: {
    ...SCREEN_CHECKS,
    layout: 'padded',
    portal: {
      route: '/app/org/paymentStatus?payment=pay_000000000001',
      session: SESSION_WITH_ORGANIZATIONS,
    },
  },
} satisfies Meta<typeof OrgPaymentStatus>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Received: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: text('my:paymentStatus.outcome.success') }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: text('org:buy.counter.title') })).toHaveAttribute(
      'href',
      '/app/org/buy/esign/plans',
    );
    await expect(canvas.getByRole('link', { name: text('org:buy.role.title') })).toHaveAttribute(
      'href',
      '/app/org/buy/role/plans',
    );
  },
};
export const ReceivedArabic: Story = inArabic(Received);
