import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, userEvent, within } from 'storybook/test';
import { NumberField } from './NumberField.js';
import { GUIDANCE } from '../../docs/guidance.js';
import { bilingualArgs, storyArgs, storyWords } from '../../docs/bilingualArgs.js';

/** The story's words in English and in Arabic (the toolbar's language picks). */
const text = bilingualArgs({ label: 'Quantity' }, { label: 'الكمية' });

const meta = {
  title: 'Components/NumberField',
  // Its status and words to find it by in the sidebar's tag filter (search reads names only).
  tags: ['autodocs', 'stable', 'form', 'number'],
  parameters: {
    docs: { description: { component: GUIDANCE.NumberField } },
    argsInArabic: text.argsInArabic,
  },
  component: NumberField,
  args: { ...text.args, minValue: 0, maxValue: 1000, onChange: fn() },
} satisfies Meta<typeof NumberField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = { args: { defaultValue: 3 } };
export const Currency: Story = {
  ...storyArgs(
    {
      label: 'Unit price',
      defaultValue: 399,
      formatOptions: { style: 'currency', currency: 'SAR' },
    },
    {
      label: 'سعر الوحدة',
      defaultValue: 399,
      formatOptions: { style: 'currency', currency: 'SAR' },
    },
  ),
};
export const Empty: Story = {};
export const Error: Story = {
  ...storyArgs(
    { isInvalid: true, errorMessage: 'Choose at least 1', defaultValue: 0 },
    { isInvalid: true, errorMessage: 'اختر ١ على الأقل', defaultValue: 0 },
  ),
};
export const Disabled: Story = { args: { isDisabled: true, defaultValue: 5 } };
export const LongText: Story = {
  ...storyArgs(
    {
      label: 'Number of Authorized Signatory counters to allocate to the L2 provider',
      defaultValue: 1200,
    },
    {
      label: 'عدد أرصدة المفوّض بالتوقيع المخصصة لمزوّد الخدمة من المستوى الثاني',
      defaultValue: 1200,
    },
  ),
};

/** In Arabic the value shows Arabic-Indic digits, and typed Arabic-Indic digits are read. */
export const RTL: Story = {
  args: { label: 'الكمية' },
  globals: { language: 'ar' },
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'الكمية' });
    await userEvent.click(input);
    await userEvent.keyboard('١٢');
    await userEvent.tab();
    await expect(args.onChange).toHaveBeenLastCalledWith(12);
    await expect(input).toHaveValue('١٢');
  },
};
/**
 * Digits typed on a Latin keyboard show in Arabic-Indic digits at once: one digit system. (The
 * input event is fired as the browser fires it; user-event's simulated typing keeps its own copy
 * of the value and would not see the rewrite.)
 */
export const RTLLatinKeyboard: Story = {
  args: { label: 'الكمية', defaultValue: 1 },
  globals: { language: 'ar' },
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'الكمية' });
    await userEvent.click(input);
    await fireEvent.input(input, { target: { value: '25' } });
    await expect(input).toHaveValue('٢٥');
    await userEvent.tab();
    await expect(args.onChange).toHaveBeenLastCalledWith(25);
    await expect(input).toHaveValue('٢٥');
  },
};
export const Dark: Story = { args: { defaultValue: 3 }, globals: { theme: 'dark' } };

export const Keyboard: Story = {
  args: { defaultValue: 3 },
  play: async (context) => {
    const { canvasElement, args } = context;
    const { say } = storyWords(context);
    const input = within(canvasElement).getByRole('textbox', { name: say('Quantity') });
    await userEvent.tab();
    await expect(input).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    await expect(args.onChange).toHaveBeenLastCalledWith(5);
    await userEvent.keyboard('{ArrowDown}');
    await expect(args.onChange).toHaveBeenLastCalledWith(4);
  },
};
