/**
 * The inactivity warning (beside SPEC §4): the time left, "Stay signed in" and "Sign out now", in
 * English and Arabic (its own digits), light and dark.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import {
  inArabic,
  inDark,
  portalLoader,
  text,
  withPortal,
  SCREEN_CHECKS,
} from '../stories/portal.js';
import InactivityWarning from './InactivityWarning.js';

const meta = {
  title: 'Portal/Inactivity warning',
  component: InactivityWarning,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: { ...SCREEN_CHECKS, layout: 'fullscreen', portal: { route: '/app/my/dashboard' } },
  args: { leftMs: 95_000, onStay: fn(), onSignOut: fn() },
} satisfies Meta<typeof InactivityWarning>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('alertdialog', { name: text('app:inactivity.title') });
    await expect(dialog).toHaveTextContent('1:35');
    // "Stay" is where focus lands: Enter keeps the person signed in.
    await expect(
      within(dialog).getByRole('button', { name: text('app:inactivity.stay') }),
    ).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onStay).toHaveBeenCalled();
  },
};
export const Arabic: Story = inArabic({
  play: async ({ args }) => {
    const dialog = await screen.findByRole('alertdialog', { name: 'هل ما زلت هنا؟' });
    await expect(dialog).toHaveTextContent('١:٣٥');
    await userEvent.click(within(dialog).getByRole('button', { name: 'تسجيل الخروج الآن' }));
    await expect(args.onSignOut).toHaveBeenCalled();
  },
});
export const Dark: Story = inDark({});
export const ArabicDark: Story = inDark(inArabic({}));
