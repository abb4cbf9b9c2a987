import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { Select } from './Select.js';
import { GUIDANCE } from '../../docs/guidance.js';
import { bilingualArgs, storyArgs, storyWords } from '../../docs/bilingualArgs.js';

const units = [
  { id: 40, label: 'Finance' },
  { id: 41, label: 'Human Resources' },
  { id: 42, label: 'Legal Affairs' },
  { id: 43, label: 'Procurement', isDisabled: true },
];
const unitsAr = [
  { id: 40, label: 'المالية' },
  { id: 41, label: 'الموارد البشرية' },
  { id: 42, label: 'الشؤون القانونية' },
];

/** The story's words in English and in Arabic (the toolbar's language picks). */
const text = bilingualArgs(
  { label: 'Organization unit', options: units, placeholder: 'Choose a unit' },
  { label: 'الوحدة التنظيمية', options: unitsAr, placeholder: 'اختر الوحدة' },
);

const meta = {
  title: 'Components/Select',
  // Its status and words to find it by in the sidebar's tag filter (search reads names only).
  tags: ['autodocs', 'stable', 'dropdown', 'form'],
  parameters: {
    docs: { description: { component: GUIDANCE.Select } },
    argsInArabic: text.argsInArabic,
  },
  component: Select,
  args: { ...text.args, onChange: fn() },
} satisfies Meta<typeof Select>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Selected: Story = { args: { defaultValue: 42 } };
/** Nothing to choose yet (a list still loading): disabled, not a button that ignores a click. */
export const Empty: Story = {
  ...storyArgs(
    { options: [], placeholder: 'No units yet' },
    { options: [], placeholder: 'لا توجد وحدات تنظيمية بعد' },
  ),
  play: async (context) => {
    const { say } = storyWords(context);
    await expect(
      within(context.canvasElement).getByRole('button', {
        name: new RegExp(say('Organization unit')),
      }),
    ).toBeDisabled();
  },
};
export const Error: Story = {
  ...storyArgs(
    { isInvalid: true, errorMessage: 'Choose the unit the user belongs to' },
    { isInvalid: true, errorMessage: 'اختر الوحدة التنظيمية التي ينتمي إليها المستخدم' },
  ),
};
export const Disabled: Story = { args: { isDisabled: true, defaultValue: 40 } };
export const LongText: Story = {
  ...storyArgs(
    {
      options: [
        {
          id: 1,
          label:
            'Information Technology — Digital Transformation and Enterprise Architecture Office',
        },
      ],
      defaultValue: 1,
    },
    {
      options: [{ id: 1, label: 'تقنية المعلومات — مكتب التحول الرقمي والبنية المؤسسية' }],
      defaultValue: 1,
    },
  ),
};
export const RTL: Story = {
  args: { label: 'الوحدة التنظيمية', options: unitsAr, placeholder: 'اختر الوحدة' },
  globals: { language: 'ar' },
};
export const Dark: Story = { args: { defaultValue: 41 }, globals: { theme: 'dark' } };

export const Keyboard: Story = {
  play: async (context) => {
    const { canvasElement, args } = context;
    const { say } = storyWords(context);
    const trigger = within(canvasElement).getByRole('button', {
      name: new RegExp(say('Organization unit')),
    });
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    const listbox = await screen.findByRole('listbox');
    await expect(listbox).toBeVisible();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await expect(args.onChange).toHaveBeenLastCalledWith(42);
    await expect(trigger).toHaveTextContent(say('Legal Affairs'));
  },
};
