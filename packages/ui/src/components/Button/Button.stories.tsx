import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from './Button.js';
import { button as buttonStyle } from './Button.css.js';
import { FIXED_ARRANGEMENT, GUIDANCE } from '../../docs/guidance.js';
import { bilingualArgs, inLanguage, storyArgs, storyWords } from '../../docs/bilingualArgs.js';

/** The story's words in English and in Arabic (the toolbar's language picks). */
const text = bilingualArgs({ children: 'Buy plan' }, { children: 'شراء الباقة' });

const meta = {
  title: 'Components/Button',
  // Its status and words to find it by in the sidebar's tag filter (search reads names only).
  tags: ['autodocs', 'stable', 'action'],
  parameters: {
    docs: { description: { component: GUIDANCE.Button } },
    argsInArabic: text.argsInArabic,
  },
  component: Button,
  args: { ...text.args, onPress: fn() },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Secondary: Story = {
  ...storyArgs(
    { variant: 'secondary', children: 'Cancel' },
    { variant: 'secondary', children: 'إلغاء' },
  ),
};
export const Ghost: Story = {
  ...storyArgs(
    { variant: 'ghost', children: 'Show details' },
    { variant: 'ghost', children: 'عرض التفاصيل' },
  ),
};
export const Danger: Story = {
  ...storyArgs(
    { variant: 'danger', children: 'Reject request' },
    { variant: 'danger', children: 'رفض الطلب' },
  ),
};
export const Small: Story = {
  ...storyArgs({ size: 'small', children: 'Export' }, { size: 'small', children: 'تصدير' }),
};
export const Disabled: Story = { args: { isDisabled: true } };

export const Loading: Story = {
  ...storyArgs(
    { isPending: true, children: 'Paying…' },
    { isPending: true, children: 'جارٍ الدفع…' },
  ),
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button');
    await userEvent.click(button);
    await expect(args.onPress).not.toHaveBeenCalled();
    await expect(within(button).getByRole('progressbar')).toBeInTheDocument();
  },
};

/** A pending button named by aria-label is announced with its spinner: "Pay Loading". */
export const LoadingWithLabel: Story = {
  ...storyArgs(
    { isPending: true, 'aria-label': 'Pay', children: '…' },
    { isPending: true, 'aria-label': 'ادفع', children: '…' },
  ),
  play: async (context) => {
    const { canvasElement } = context;
    const { text, ui } = storyWords(context);
    await expect(within(canvasElement).getByRole('button')).toHaveAccessibleName(
      `${text('Pay')} ${ui('loading')}`,
    );
  },
};

/**
 * The button's look on a native element, for places that need no React Aria behaviour (a page's
 * first visit stays light): keyboard focus shows the same ring.
 */
export const StyleOnNativeButton: Story = {
  parameters: FIXED_ARRANGEMENT,
  render: (_, context) => (
    <button type="button" className={buttonStyle({ variant: 'ghost', size: 'small' })}>
      {inLanguage(context, 'Show details', 'عرض التفاصيل')}
    </button>
  ),
  play: async (context) => {
    const button = within(context.canvasElement).getByRole('button', {
      name: inLanguage(context, 'Show details', 'عرض التفاصيل'),
    });
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await expect(getComputedStyle(button).outlineStyle).toBe('solid');
  },
};

export const LongText: Story = {
  ...storyArgs(
    { children: 'Approve the request and allocate the role counters to the provider' },
    { children: 'الموافقة على الطلب وتخصيص رصيد الأدوار لمزوّد الخدمة من المستوى الثاني' },
  ),
};
export const RTL: Story = { args: { children: 'شراء الباقة' }, globals: { language: 'ar' } };
export const Dark: Story = { globals: { theme: 'dark' } };
export const DarkSecondary: Story = { args: { variant: 'secondary' }, globals: { theme: 'dark' } };

export const Keyboard: Story = {
  play: async (context) => {
    const { canvasElement, args } = context;
    const { say } = storyWords(context);
    const button = within(canvasElement).getByRole('button', { name: say('Buy plan') });
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await expect(button).toHaveAttribute('data-focus-visible', 'true');
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    await expect(args.onPress).toHaveBeenCalledTimes(2);
  },
};
