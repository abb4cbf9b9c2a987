/**
 * The demo-mode banner every page shows when the server runs its simulators and demo data, in
 * English and Arabic, light and dark.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import {
  inArabic,
  inDark,
  portalLoader,
  text,
  withPortal,
  SCREEN_CHECKS,
} from '../stories/portal.js';
import { DemoBanner, servedInDemoMode } from './DemoBanner.js';

const meta = {
  title: 'Portal/Demo banner',
  component: DemoBanner,
  decorators: [withPortal],
  loaders: [portalLoader],
  parameters: { ...SCREEN_CHECKS, layout: 'fullscreen', portal: { route: '/' } },
} satisfies Meta<typeof DemoBanner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const banner = within(canvasElement).getByRole('complementary', {
      name: text('header:demo.label'),
    });
    await expect(banner).toHaveTextContent(text('header:demo.text'));
    // The server's mark decides it: a page without it is not in demo mode.
    await expect(servedInDemoMode(document.implementation.createHTMLDocument(''))).toBe(false);
    const marked = document.implementation.createHTMLDocument('');
    marked.head.innerHTML = '<meta name="tawqi-mode" content="demo">';
    await expect(servedInDemoMode(marked)).toBe(true);
  },
};
export const Arabic = inArabic(Default);
export const Dark = inDark(Default);
