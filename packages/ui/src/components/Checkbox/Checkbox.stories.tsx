import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Checkbox, CheckboxGroup } from './Checkbox.js';
import { FIXED_ARRANGEMENT, GUIDANCE } from '../../docs/guidance.js';
import { bilingualArgs, ENGLISH_ONLY, storyArgs } from '../../docs/bilingualArgs.js';

const statuses = [
  { value: 'Pending', label: 'Pending' },
  { value: 'Approved', label: 'Approved' },
  { value: 'Rejected', label: 'Rejected' },
];

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
export const Group: Story = {
  globals: ENGLISH_ONLY,
  parameters: FIXED_ARRANGEMENT,
  render: () => (
    <CheckboxGroup label="Status" options={statuses} defaultValue={['Approved', 'Pending']} />
  ),
};
export const GroupError: Story = {
  globals: ENGLISH_ONLY,
  parameters: FIXED_ARRANGEMENT,
  render: () => (
    <CheckboxGroup
      label="Status"
      options={statuses}
      isInvalid
      errorMessage="Choose at least one status"
    />
  ),
};
export const LongEnglish: Story = {
  globals: ENGLISH_ONLY,
  args: {
    children:
      'I accept the subscriber agreement and the certificate practice statement of the issuing authority',
  },
};
export const LongArabic: Story = {
  args: { children: 'أوافق على اتفاقية المشترك وبيان ممارسات التصديق الصادر عن جهة الإصدار' },
  globals: { language: 'ar' },
};
export const RTL: Story = {
  parameters: FIXED_ARRANGEMENT,
  render: () => (
    <CheckboxGroup
      label="الحالة"
      options={[
        { value: 'Pending', label: 'قيد الانتظار' },
        { value: 'Approved', label: 'معتمد' },
      ]}
      defaultValue={['Pending']}
    />
  ),
  globals: { language: 'ar' },
};
export const Dark: Story = { ...Group, globals: { ...ENGLISH_ONLY, theme: 'dark' } };

export const Keyboard: Story = {
  globals: ENGLISH_ONLY,
  render: (args) => (
    <>
      <Checkbox {...args} />
      <CheckboxGroup label="Status" options={statuses} defaultValue={['Approved']} />
    </>
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(
      canvas.getByRole('checkbox', { name: 'I accept the subscriber agreement' }),
    ).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(args.onChange).toHaveBeenLastCalledWith(true);
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await expect(canvas.getByRole('checkbox', { name: 'Pending' })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'Approved' })).toBeChecked();
  },
};
