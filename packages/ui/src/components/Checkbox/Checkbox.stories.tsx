import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Checkbox } from './Checkbox.js';
import { GUIDANCE } from '../../docs/guidance.js';
import { bilingualArgs, storyArgs, storyWords } from '../../docs/bilingualArgs.js';

/** The story's words in English and in Arabic (the toolbar's language picks). */
const text = bilingualArgs(
  { children: 'I accept the subscriber agreement' },
  { children: 'أوافق على اتفاقية المشترك' },
);

const meta = {
  title: 'Components/Checkbox',
  // Its status and words to find it by in the sidebar's tag filter (search reads names only).
  tags: ['autodocs', 'stable', 'form', 'option'],
  parameters: {
    docs: { description: { component: GUIDANCE.Checkbox } },
    argsInArabic: text.argsInArabic,
  },
  component: Checkbox,
  args: { ...text.args, onChange: fn() },
} satisfies Meta<typeof Checkbox>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Checked: Story = { args: { defaultSelected: true } };
export const Indeterminate: Story = {
  ...storyArgs(
    { isIndeterminate: true, children: 'All statuses' },
    { isIndeterminate: true, children: 'كل الحالات' },
  ),
};
export const Error: Story = { args: { isInvalid: true } };
export const Disabled: Story = { args: { isDisabled: true } };
export const LongText: Story = {
  ...storyArgs(
    {
      children:
        'I accept the subscriber agreement and the certificate practice statement of the issuing authority',
    },
    { children: 'أوافق على اتفاقية المشترك وبيان ممارسات التصديق الصادر عن جهة الإصدار' },
  ),
};
export const RTL: Story = { globals: { language: 'ar' } };
export const Dark: Story = { globals: { theme: 'dark' } };

export const Keyboard: Story = {
  play: async (context) => {
    const { canvasElement, args } = context;
    const { text } = storyWords(context);
    await userEvent.tab();
    await expect(
      within(canvasElement).getByRole('checkbox', {
        name: text('I accept the subscriber agreement'),
      }),
    ).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(args.onChange).toHaveBeenLastCalledWith(true);
  },
};
