import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { FilterBar } from './FilterBar.js';
import { GUIDANCE } from '../../docs/guidance.js';
import { filterBarIn } from '../../test/index.js';
import { bilingualArgs, storyArgs, storyWords } from '../../docs/bilingualArgs.js';

const statusOptions = [
  { value: 'Pending', label: 'Pending' },
  { value: 'Approved', label: 'Approved' },
  { value: 'Rejected', label: 'Rejected' },
];
const empty = { search: '', dateRange: null, statuses: ['Approved', 'Pending'] };

/** The story's words in English and in Arabic (the toolbar's language picks). */
const text = bilingualArgs(
  { statusOptions },
  {
    statusOptions: [
      { value: 'Pending', label: 'قيد الانتظار' },
      { value: 'Approved', label: 'معتمد' },
      { value: 'Rejected', label: 'مرفوض' },
    ],
  },
);

const meta = {
  title: 'Components/FilterBar',
  // Its status and words to find it by in the sidebar's tag filter (search reads names only).
  tags: ['autodocs', 'beta', 'filter', 'search'],
  parameters: {
    docs: { description: { component: GUIDANCE.FilterBar } },
    argsInArabic: text.argsInArabic,
  },
  component: FilterBar,
  args: { ...text.args, value: empty, emptyValue: empty, onChange: fn() },
} satisfies Meta<typeof FilterBar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
const filled = { dateRange: { from: '2026-11-01', to: '2026-11-21' }, statuses: ['Rejected'] };
export const Filled: Story = {
  ...storyArgs({ value: { ...filled, search: 'Noura' } }, { value: { ...filled, search: 'نورة' } }),
};
export const WithoutStatuses: Story = { args: { statusOptions: undefined } };
export const Loading: Story = { args: { isDisabled: true } };
export const LongText: Story = {
  ...storyArgs(
    {
      searchLabel: 'Search by name, e-mail, mobile number or employee id',
      value: { ...empty, search: 'Riyadh Trading Company — Legal Affairs' },
    },
    {
      searchLabel: 'البحث بالاسم أو البريد أو رقم الجوال أو الرقم الوظيفي',
      value: { ...empty, search: 'شركة الرياض للتجارة — الشؤون القانونية' },
    },
  ),
};
export const RTL: Story = {
  args: {
    statusOptions: [
      { value: 'Pending', label: 'قيد الانتظار' },
      { value: 'Approved', label: 'معتمد' },
      { value: 'Rejected', label: 'مرفوض' },
    ],
  },
  globals: { language: 'ar' },
};
export const Dark: Story = { ...Filled, globals: { theme: 'dark' } };

/** Values are applied together; clearing returns to the grid's own defaults. */
export const Keyboard: Story = {
  play: async (context) => {
    const { canvasElement, args } = context;
    const { say } = storyWords(context);
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('searchbox')).toHaveFocus();
    await userEvent.keyboard('Noura{Enter}');
    await expect(args.onChange).toHaveBeenLastCalledWith({
      search: 'Noura',
      dateRange: null,
      statuses: ['Approved', 'Pending'],
    });
    await userEvent.click(canvas.getByRole('checkbox', { name: say('Rejected') }));
    await userEvent.click(canvas.getByRole('button', { name: say('Apply') }));
    await expect(args.onChange).toHaveBeenLastCalledWith({
      search: 'Noura',
      dateRange: null,
      statuses: ['Approved', 'Pending', 'Rejected'],
    });
    await userEvent.click(canvas.getByRole('button', { name: say('Clear filters') }));
    await expect(args.onChange).toHaveBeenLastCalledWith(empty);
  },
};

/** Every status unchecked means none, not all: Apply asks for one and changes nothing. */
export const NoneSelected: Story = {
  args: { value: { ...empty, statuses: ['Pending'] }, onChange: fn() },
  play: async (context) => {
    const { canvasElement, args } = context;
    const { say } = storyWords(context);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('checkbox', { name: say('Pending') }));
    await userEvent.click(canvas.getByRole('button', { name: say('Apply') }));
    await expect(args.onChange).not.toHaveBeenCalled();
    await expect(canvas.getByText(say('None selected: choose at least one status.'))).toBeVisible();
    await userEvent.click(canvas.getByRole('checkbox', { name: say('Approved') }));
    await expect(canvas.queryByText(say('None selected: choose at least one status.'))).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: say('Apply') }));
    await expect(args.onChange).toHaveBeenCalledWith({ ...empty, statuses: ['Approved'] });
  },
};
export const NoneSelectedArabic: Story = {
  ...NoneSelected,
  args: {
    ...NoneSelected.args,
    statusOptions: [
      { value: 'Pending', label: 'قيد الانتظار' },
      { value: 'Approved', label: 'معتمد' },
      { value: 'Rejected', label: 'مرفوض' },
    ],
  },
  globals: { language: 'ar' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('checkbox', { name: 'قيد الانتظار' }));
    await userEvent.click(canvas.getByRole('button', { name: 'تطبيق' }));
    await expect(canvas.getByText('لم تختر شيئًا: اختر حالة واحدة على الأقل.')).toBeVisible();
  },
};

/** A test written with `@tawqi/ui/test`: search, statuses, apply and clear by their names. */
export const WithTestHelpers: Story = {
  play: async (context) => {
    const { args } = context;
    const { say } = storyWords(context);
    const bar = filterBarIn(context.canvasElement);
    await bar.search(userEvent, 'Noura');
    await expect(args.onChange).toHaveBeenLastCalledWith({ ...empty, search: 'Noura' });
    await bar.toggleStatus(userEvent, say('Rejected'));
    await bar.apply(userEvent);
    await expect(args.onChange).toHaveBeenLastCalledWith({
      ...empty,
      search: 'Noura',
      statuses: ['Approved', 'Pending', 'Rejected'],
    });
    await bar.clear(userEvent);
    await expect(args.onChange).toHaveBeenLastCalledWith(empty);
  },
};
