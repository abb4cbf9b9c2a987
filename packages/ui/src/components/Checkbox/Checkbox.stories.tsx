import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Checkbox, CheckboxGroup } from './Checkbox.js';
import { FIXED_ARRANGEMENT, GUIDANCE } from '../../docs/guidance.js';
import { bilingualArgs, inLanguage, storyArgs, storyWords } from '../../docs/bilingualArgs.js';

const STATUSES = [
  { value: 'Pending', en: 'Pending', ar: 'قيد الانتظار' },
  { value: 'Approved', en: 'Approved', ar: 'معتمد' },
  { value: 'Rejected', en: 'Rejected', ar: 'مرفوض' },
];
/** The group's options and label in the toolbar's language. */
const statusGroup = (context: { globals: Record<string, unknown> }) => ({
  label: inLanguage(context, 'Status', 'الحالة'),
  options: STATUSES.map(({ value, en, ar }) => ({ value, label: inLanguage(context, en, ar) })),
});

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
  parameters: FIXED_ARRANGEMENT,
  render: (_, context) => (
    <CheckboxGroup {...statusGroup(context)} defaultValue={['Approved', 'Pending']} />
  ),
};
export const GroupError: Story = {
  parameters: FIXED_ARRANGEMENT,
  render: (_, context) => (
    <CheckboxGroup
      {...statusGroup(context)}
      isInvalid
      errorMessage={inLanguage(context, 'Choose at least one status', 'اختر حالة واحدة على الأقل')}
    />
  ),
};
export const LongText: Story = {
  ...storyArgs(
    {
      children:
        'I accept the subscriber agreement and the certificate practice statement of the issuing authority',
    },
    { children: 'أوافق على اتفاقية المشترك وبيان ممارسات التصديق الصادر عن جهة الإصدار' },
  ),
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
export const Dark: Story = { ...Group, globals: { theme: 'dark' } };

export const Keyboard: Story = {
  render: (args, context) => (
    <>
      <Checkbox {...args} />
      <CheckboxGroup {...statusGroup(context)} defaultValue={['Approved']} />
    </>
  ),
  play: async (context) => {
    const { canvasElement, args } = context;
    const { text } = storyWords(context);
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(
      canvas.getByRole('checkbox', { name: text('I accept the subscriber agreement') }),
    ).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(args.onChange).toHaveBeenLastCalledWith(true);
    await userEvent.tab();
    await userEvent.keyboard(' ');
    const [pending, approved] = statusGroup(context).options;
    await expect(canvas.getByRole('checkbox', { name: pending?.label })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: approved?.label })).toBeChecked();
  },
};
