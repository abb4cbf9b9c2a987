import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Tabs } from './Tabs.js';
import { GUIDANCE } from '../../docs/guidance.js';
import { bilingualArgs, storyArgs, storyWords } from '../../docs/bilingualArgs.js';

const en = [
  { id: 'units', label: 'Units', content: <p>5 organization units</p> },
  { id: 'details', label: 'Organization details', content: <p>Riyadh Trading Company</p> },
  { id: 'certificate', label: 'Certificate', content: <p>Class 3, valid until 2028</p> },
  { id: 'admins', label: 'Admins', content: <p>3 admins</p>, isDisabled: true },
];
const ar = [
  { id: 'units', label: 'الوحدات', content: <p>٥ وحدات تنظيمية</p> },
  { id: 'details', label: 'بيانات المنشأة', content: <p>شركة الرياض للتجارة</p> },
  { id: 'certificate', label: 'الشهادة', content: <p>الفئة ٣</p> },
];

/** The story's words in English and in Arabic (the toolbar's language picks). */
const text = bilingualArgs(
  { label: 'Organization profile', items: en },
  { label: 'ملف المنشأة', items: ar },
);

const meta = {
  title: 'Components/Tabs',
  // Its status and words to find it by in the sidebar's tag filter (search reads names only).
  tags: ['autodocs', 'stable', 'navigation'],
  parameters: {
    docs: { description: { component: GUIDANCE.Tabs } },
    argsInArabic: text.argsInArabic,
  },
  component: Tabs,
  args: { ...text.args, onSelectionChange: fn() },
} satisfies Meta<typeof Tabs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const SecondSelected: Story = { args: { defaultSelectedKey: 'details' } };
export const LongText: Story = {
  ...storyArgs(
    {
      items: [
        ...en.slice(0, 2),
        {
          id: 'long',
          label: 'Sponsors and technical points of contact of the organization',
          content: <p>2 sponsors</p>,
        },
      ],
    },
    {
      items: [
        ...ar,
        {
          id: 'long',
          label: 'رعاة التطبيق وجهات الاتصال الفنية في المنشأة',
          content: <p>راعيان</p>,
        },
      ],
    },
  ),
};
/** In right-to-left, the arrow pointing forward (left) moves to the next tab. */
export const RTL: Story = {
  args: { label: 'ملف المنشأة', items: ar },
  globals: { language: 'ar' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await userEvent.keyboard('{ArrowLeft}');
    await expect(canvas.getByRole('tab', { name: 'بيانات المنشأة' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  },
};
export const Dark: Story = { globals: { theme: 'dark' } };
export const Keyboard: Story = {
  play: async (context) => {
    const { canvasElement, args } = context;
    const { say, forward } = storyWords(context);
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('tab', { name: say('Units') })).toHaveFocus();
    await userEvent.keyboard(forward);
    await expect(canvas.getByRole('tab', { name: say('Organization details') })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith('details');
    await userEvent.keyboard(forward.repeat(2));
    await expect(canvas.getByRole('tab', { name: say('Units') })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent(say('5 organization units'));
  },
};
