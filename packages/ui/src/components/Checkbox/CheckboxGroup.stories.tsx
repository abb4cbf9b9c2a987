import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CheckboxGroup } from './Checkbox.js';
import { GUIDANCE } from '../../docs/guidance.js';
import { bilingualArgs, storyArgs, storyWords } from '../../docs/bilingualArgs.js';

/** The story's words in English and in Arabic (the toolbar's language picks). */
const text = bilingualArgs(
  {
    label: 'Status',
    options: [
      { value: 'Pending', label: 'Pending' },
      { value: 'Approved', label: 'Approved' },
      { value: 'Rejected', label: 'Rejected' },
    ],
  },
  {
    label: 'الحالة',
    options: [
      { value: 'Pending', label: 'قيد الانتظار' },
      { value: 'Approved', label: 'معتمد' },
      { value: 'Rejected', label: 'مرفوض' },
    ],
  },
);

const meta = {
  title: 'Components/CheckboxGroup',
  // Its status and words to find it by in the sidebar's tag filter (search reads names only).
  tags: ['autodocs', 'stable', 'form', 'option', 'filter'],
  parameters: {
    docs: { description: { component: GUIDANCE.CheckboxGroup } },
    argsInArabic: text.argsInArabic,
  },
  component: CheckboxGroup,
  args: { ...text.args, defaultValue: ['Approved', 'Pending'], onChange: fn() },
} satisfies Meta<typeof CheckboxGroup>;
export default meta;
type Story = StoryObj<typeof meta>;

/** One label names the group; the value is the list of checked values. */
export const Default: Story = {
  play: async (context) => {
    const { text: words } = storyWords(context);
    const group = within(context.canvasElement).getByRole('group', { name: words('Status') });
    await expect(within(group).getByRole('checkbox', { name: words('Pending') })).toBeChecked();
    await expect(
      within(group).getByRole('checkbox', { name: words('Rejected') }),
    ).not.toBeChecked();
  },
};
export const WithDescription: Story = {
  ...storyArgs(
    { description: 'Rows with any of these statuses are shown.' },
    { description: 'تظهر الصفوف التي لها أيٌّ من هذه الحالات.' },
  ),
};
/** Its error is announced with the group. */
export const Error: Story = {
  ...storyArgs(
    { isInvalid: true, defaultValue: [] as string[], errorMessage: 'Choose at least one status' },
    { isInvalid: true, defaultValue: [] as string[], errorMessage: 'اختر حالة واحدة على الأقل' },
  ),
  play: async (context) => {
    const { text: words } = storyWords(context);
    await expect(within(context.canvasElement).getByRole('group')).toHaveAccessibleDescription(
      words('Choose at least one status'),
    );
  },
};
export const Disabled: Story = { args: { isDisabled: true } };

/** Tab reaches each box in turn; Space toggles it and the group's value follows. */
export const Keyboard: Story = {
  args: { defaultValue: ['Approved'] },
  play: async (context) => {
    const { canvasElement, args } = context;
    const { text: words } = storyWords(context);
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('checkbox', { name: words('Pending') })).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(args.onChange).toHaveBeenLastCalledWith(['Approved', 'Pending']);
    await userEvent.tab();
    await userEvent.tab();
    await expect(canvas.getByRole('checkbox', { name: words('Rejected') })).toHaveFocus();
  },
};
export const LongText: Story = {
  ...storyArgs(
    {
      label: 'Statuses of the signing requests to include in the report',
      options: [
        { value: 'Pending', label: 'Pending for approval by the enrolment admin' },
        { value: 'Approved', label: 'Approved and signed by every signatory' },
      ],
    },
    {
      label: 'حالات طلبات التوقيع التي يشملها التقرير',
      options: [
        { value: 'Pending', label: 'بانتظار موافقة مسؤول التسجيل في المنشأة' },
        { value: 'Approved', label: 'معتمد ووقّعه جميع المفوّضين بالتوقيع' },
      ],
    },
  ),
};
/** The boxes stand on the right of their labels. */
export const RTL: Story = { globals: { language: 'ar' } };
export const Dark: Story = { globals: { theme: 'dark' } };
