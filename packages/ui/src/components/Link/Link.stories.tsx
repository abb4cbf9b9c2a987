import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Link } from './Link.js';
import { GUIDANCE } from '../../docs/guidance.js';
import { bilingualArgs, storyArgs } from '../../docs/bilingualArgs.js';

/** The story's words in English and in Arabic (the toolbar's language picks). */
const text = bilingualArgs(
  { children: 'Read the subscriber agreement' },
  { children: 'اقرأ اتفاقية المشترك' },
);

const meta = {
  title: 'Components/Link',
  // Its status and words to find it by in the sidebar's tag filter (search reads names only).
  tags: ['autodocs', 'stable', 'navigation'],
  parameters: {
    docs: { description: { component: GUIDANCE.Link } },
    argsInArabic: text.argsInArabic,
  },
  component: Link,
  args: { ...text.args, onPress: fn() },
} satisfies Meta<typeof Link>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithHref: Story = { args: { href: '#agreement' } };
export const Disabled: Story = { args: { isDisabled: true } };
export const LongText: Story = {
  ...storyArgs(
    {
      children:
        'Read the certificate practice statement and the subscriber agreement before you buy a plan',
    },
    { children: 'اقرأ بيان ممارسات التصديق واتفاقية المشترك قبل شراء الباقة' },
  ),
};
export const RTL: Story = { args: { children: 'اتفاقية المشترك' }, globals: { language: 'ar' } };
export const Dark: Story = { globals: { theme: 'dark' } };
export const Keyboard: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.tab();
    await expect(within(canvasElement).getByRole('link')).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onPress).toHaveBeenCalledTimes(1);
  },
};
