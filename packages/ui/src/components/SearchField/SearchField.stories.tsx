import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SearchField } from './SearchField.js';
import { GUIDANCE } from '../../docs/guidance.js';
import { bilingualArgs, storyArgs, storyWords } from '../../docs/bilingualArgs.js';

/** The story's words in English and in Arabic (the toolbar's language picks). */
const text = bilingualArgs(
  { label: 'Search users', placeholder: 'Name, e-mail or employee id' },
  { label: 'البحث في المستخدمين', placeholder: 'الاسم أو البريد أو الرقم الوظيفي' },
);

const meta = {
  title: 'Components/SearchField',
  // Its status and words to find it by in the sidebar's tag filter (search reads names only).
  tags: ['autodocs', 'stable', 'search', 'form'],
  parameters: {
    docs: { description: { component: GUIDANCE.SearchField } },
    argsInArabic: text.argsInArabic,
  },
  component: SearchField,
  args: { ...text.args, onSubmit: fn(), onChange: fn() },
} satisfies Meta<typeof SearchField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithValue: Story = { args: { defaultValue: 'Noura' } };
export const WithoutVisibleLabel: Story = { args: { label: undefined } };
export const Error: Story = {
  ...storyArgs(
    { isInvalid: true, errorMessage: 'Search for at least two characters', defaultValue: 'N' },
    { isInvalid: true, errorMessage: 'ابحث بحرفين على الأقل', defaultValue: 'ن' },
  ),
};
export const LongText: Story = {
  ...storyArgs(
    { defaultValue: 'Riyadh Trading Company — Legal Affairs — Authorized Signatories' },
    { defaultValue: 'شركة الرياض للتجارة — الشؤون القانونية — المفوّضون بالتوقيع' },
  ),
};
export const RTL: Story = {
  args: { label: 'بحث', placeholder: 'ابحث', defaultValue: 'نورة' },
  globals: { language: 'ar' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: 'مسح البحث' }),
    ).toBeInTheDocument();
  },
};
export const Dark: Story = { args: { defaultValue: 'Noura' }, globals: { theme: 'dark' } };

export const Keyboard: Story = {
  play: async (context) => {
    const { canvasElement, args } = context;
    const { say } = storyWords(context);
    const input = within(canvasElement).getByRole('searchbox', { name: say('Search users') });
    await userEvent.tab();
    await expect(input).toHaveFocus();
    await userEvent.keyboard('Noura{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledWith('Noura');
    await userEvent.keyboard('{Escape}');
    await expect(input).toHaveValue('');
  },
};
