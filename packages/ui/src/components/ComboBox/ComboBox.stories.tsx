import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { ComboBox } from './ComboBox.js';
import { GUIDANCE } from '../../docs/guidance.js';
import { bilingualArgs, storyArgs, storyWords } from '../../docs/bilingualArgs.js';

const ids = Array.from({ length: 40 }, (_, index) => {
  const id = `EMP-${String(1000 + index)}`;
  return { id, label: id };
});

/** The story's words in English and in Arabic (the toolbar's language picks). */
const text = bilingualArgs(
  { label: 'Employee ID', placeholder: 'Type or choose' },
  { label: 'الرقم الوظيفي', placeholder: 'اكتب أو اختر' },
);

const meta = {
  title: 'Components/ComboBox',
  // Its status and words to find it by in the sidebar's tag filter (search reads names only).
  tags: ['autodocs', 'stable', 'autocomplete', 'form'],
  parameters: {
    docs: { description: { component: GUIDANCE.ComboBox } },
    argsInArabic: text.argsInArabic,
  },
  component: ComboBox,
  args: { ...text.args, options: ids, onChange: fn() },
} satisfies Meta<typeof ComboBox>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Chosen: Story = { args: { defaultValue: 'EMP-1007' } };
export const Error: Story = {
  ...storyArgs(
    { isInvalid: true, errorMessage: 'Choose an employee ID from the list' },
    { isInvalid: true, errorMessage: 'اختر رقم الموظف من القائمة' },
  ),
};
export const Disabled: Story = { args: { isDisabled: true } };
export const RTL: Story = {
  args: { label: 'الرقم الوظيفي', placeholder: 'اكتب أو اختر' },
  globals: { language: 'ar' },
};
export const Dark: Story = { args: { defaultValue: 'EMP-1003' }, globals: { theme: 'dark' } };

/** Typing narrows the list to what contains the text; Enter chooses the highlighted one. */
export const TypeToFind: Story = {
  play: async (context) => {
    const { canvasElement, args } = context;
    const { say } = storyWords(context);
    const input = within(canvasElement).getByRole('combobox', { name: say('Employee ID') });
    await userEvent.type(input, '1023');
    const listbox = await screen.findByRole('listbox');
    await expect(within(listbox).getAllByRole('option')).toHaveLength(1);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onChange).toHaveBeenLastCalledWith('EMP-1023');
    await expect(input).toHaveValue('EMP-1023');
  },
};

/** The button opens the whole list; arrows and Enter choose without typing. */
export const Keyboard: Story = {
  play: async (context) => {
    const { canvasElement, args } = context;
    const { say } = storyWords(context);
    const input = within(canvasElement).getByRole('combobox', { name: say('Employee ID') });
    await userEvent.tab();
    await expect(input).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    const listbox = await screen.findByRole('listbox');
    await expect(within(listbox).getAllByRole('option')).toHaveLength(ids.length);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onChange).toHaveBeenLastCalledWith('EMP-1001');
  },
};
