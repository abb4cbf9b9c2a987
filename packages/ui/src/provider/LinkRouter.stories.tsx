import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { LinkRouter } from './LinkRouter.js';
import { Link } from '../components/Link/Link.js';
import { GUIDANCE } from '../docs/guidance.js';
import { bilingualArgs, storyWords } from '../docs/bilingualArgs.js';

/** The story's words in English and in Arabic (the toolbar's language picks). */
const text = bilingualArgs(
  { children: <Link href="/my/transactions">My transactions</Link> },
  { children: <Link href="/my/transactions">عملياتي</Link> },
);

const meta = {
  title: 'Components/LinkRouter',
  // Its status and words to find it by in the sidebar's tag filter (search reads names only).
  tags: ['autodocs', 'stable', 'navigation', 'router'],
  parameters: {
    docs: { description: { component: GUIDANCE.LinkRouter } },
    argsInArabic: text.argsInArabic,
  },
  component: LinkRouter,
  args: { ...text.args, navigate: fn() },
} satisfies Meta<typeof LinkRouter>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A click on a link inside moves within the app: the router is told, the page stays. */
export const Default: Story = {
  play: async (context) => {
    const { text: words } = storyWords(context);
    const link = within(context.canvasElement).getByRole('link', {
      name: words('My transactions'),
    });
    await userEvent.click(link);
    await expect(context.args.navigate).toHaveBeenCalledWith('/my/transactions', undefined);
  },
};

/** Enter on a focused link goes through the router too. */
export const Keyboard: Story = {
  play: async (context) => {
    const { text: words } = storyWords(context);
    await userEvent.tab();
    await expect(
      within(context.canvasElement).getByRole('link', { name: words('My transactions') }),
    ).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(context.args.navigate).toHaveBeenCalledTimes(1);
  },
};
export const RTL: Story = { globals: { language: 'ar' } };
export const Dark: Story = { globals: { theme: 'dark' } };
