/**
 * A provider's tax invoices (issue 38), for its staff who handle payments: the list and one
 * opened, none yet, a failed read; network mocked.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { mockStates } from '@tawqi/api/msw';
import { expect, screen, userEvent, within } from 'storybook/test';
import {
  SESSION_PROVIDER_STAFF,
  failedOnceStory,
  inArabic,
  portalLoader,
  text,
  withPortal,
  SCREEN_CHECKS,
} from '../../stories/portal.js';
import ProviderInvoices from './ProviderInvoices.js';

const meta = {
  title: 'Portal/Provider/Invoices',
  component: ProviderInvoices,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: {
    ...SCREEN_CHECKS,
    layout: 'padded',
    portal: { route: '/app/provider/purchase/invoices', session: SESSION_PROVIDER_STAFF },
  },
} satisfies Meta<typeof ProviderInvoices>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Data: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('INV-2026-000041')).toBeVisible();
    await userEvent.click(
      canvas.getByRole('button', {
        name: text('my:invoices.openNamed', { number: 'INV-2026-000041' }),
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: text('my:receipt.title') });
    await expect(await within(dialog).findByText('310123456700003')).toBeVisible();
    await expect(
      within(dialog).getByRole('button', { name: text('my:receipt.pdf') }),
    ).toBeEnabled();
  },
};
export const DataArabic = inArabic(Data);

export const Empty: Story = {
  parameters: { msw: [mockStates.empty('providerInvoices')] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(text('my:invoices.empty'))).toBeVisible();
  },
};
export const EmptyArabic = inArabic(Empty);

export const Failed: Story = failedOnceStory('providerInvoices');
export const FailedArabic = inArabic(failedOnceStory('providerInvoices'));
