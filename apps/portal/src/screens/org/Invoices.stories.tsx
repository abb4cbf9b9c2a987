/**
 * The organization's tax invoices (issue 38): the list, one invoice opened with its PDF and print
 * actions, a refunded order's credit note, none yet, and a failed read; network mocked.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { mockStates } from '@tawqi/api/msw';
import { expect, screen, userEvent, within } from 'storybook/test';
import {
  SESSION_WITH_ORGANIZATIONS,
  failedOnceStory,
  inArabic,
  portalLoader,
  text,
  withPortal,
  SCREEN_CHECKS,
} from '../../stories/portal.js';
import Invoices from './Invoices.js';

const meta = {
  title: 'Portal/Org/Invoices',
  component: Invoices,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: {
    ...SCREEN_CHECKS,
    layout: 'padded',
    portal: { route: '/app/org/purchase/invoices', session: SESSION_WITH_ORGANIZATIONS },
  },
} satisfies Meta<typeof Invoices>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Three paid orders, the oldest refunded; the newest opened: both languages' labels, the PDF. */
export const Data: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: text('org:invoices.title') }),
    ).toBeVisible();
    await expect(await canvas.findByText('INV-2026-000042')).toBeVisible();
    await expect(
      canvas.getByText(text('my:invoices.refunded', { number: 'CRN-2026-000040' })),
    ).toBeVisible();
    await userEvent.click(
      canvas.getByRole('button', {
        name: text('my:invoices.openNamed', { number: 'INV-2026-000042' }),
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: text('my:receipt.title') });
    await expect(await within(dialog).findByText('310123456700003')).toBeVisible();
    // Both languages' labels whatever the page's: never a translation key.
    await expect(dialog).toHaveTextContent(/VAT number/);
    await expect(dialog).toHaveTextContent(/الرقم الضريبي/);
    await expect(dialog).not.toHaveTextContent(/receipt\.labels/);
    await expect(
      within(dialog).getByRole('button', { name: text('my:receipt.pdf') }),
    ).toBeEnabled();
    await expect(
      within(dialog).getByRole('button', { name: text('my:receipt.print') }),
    ).toBeEnabled();
  },
};
export const DataArabic = inArabic(Data);

export const Empty: Story = {
  parameters: { msw: [mockStates.empty('orgInvoices')] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(text('my:invoices.empty'))).toBeVisible();
  },
};
export const EmptyArabic = inArabic(Empty);

export const Failed: Story = failedOnceStory('orgInvoices');
export const FailedArabic = inArabic(failedOnceStory('orgInvoices'));
