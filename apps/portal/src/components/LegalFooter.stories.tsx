/**
 * The legal footer of every page: the company's registration and VAT numbers, and the subscriber
 * agreement and privacy notice, each opening over the page; in both languages, light and dark.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { COMPANY } from '@tawqi/domain';
import { expect, screen, userEvent, within } from 'storybook/test';
import {
  inArabic,
  inDark,
  portalLoader,
  text,
  withPortal,
  SCREEN_CHECKS,
} from '../stories/portal.js';
import { LegalFooter } from './LegalFooter.js';

const meta = {
  title: 'Portal/LegalFooter',
  component: LegalFooter,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: { ...SCREEN_CHECKS, layout: 'fullscreen' },
} satisfies Meta<typeof LegalFooter>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The numbers as registered; each document opens in a dialog that Escape closes. */
export const Documents: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(COMPANY.commercialRegistration)).toBeVisible();
    await expect(canvas.getByText(COMPANY.vatNumber)).toBeVisible();
    for (const document of ['agreement', 'privacy']) {
      await userEvent.click(canvas.getByRole('button', { name: text(`footer:legal.${document}`) }));
      const dialog = await screen.findByRole('dialog', {
        name: text(`footer:documents.${document}.title`),
      });
      await expect(
        within(dialog).getByRole('heading', {
          level: 3,
          name: text(`footer:documents.${document}.sections.0.heading`),
        }),
      ).toBeVisible();
      await userEvent.keyboard('{Escape}');
      await expect(screen.queryByRole('dialog')).toBeNull();
    }
  },
};
export const DocumentsArabic = inArabic(Documents);
export const DocumentsDark = inDark(Documents);
export const DocumentsArabicDark = inDark(inArabic(Documents));
