import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button.js';
import { Menu } from './Menu.js';
import { GUIDANCE } from '../../docs/guidance.js';
import { bilingualArgs, storyArgs, storyWords } from '../../docs/bilingualArgs.js';

/** The story's words in English and in Arabic (the toolbar's language picks). */
const text = bilingualArgs(
  {
    label: 'Row actions',
    trigger: <Button variant="secondary">Actions</Button>,
    items: [
      { id: 'view', label: 'View details' },
      { id: 'recheck', label: 'Recheck payment' },
      { id: 'download', label: 'Download receipt', isDisabled: true },
      { id: 'cancel', label: 'Cancel request', separated: true },
    ],
  },
  {
    label: 'إجراءات الصف',
    trigger: <Button variant="secondary">الإجراءات</Button>,
    items: [
      { id: 'view', label: 'عرض التفاصيل' },
      { id: 'recheck', label: 'إعادة التحقق من الدفع' },
      { id: 'download', label: 'تنزيل الإيصال', isDisabled: true },
      { id: 'cancel', label: 'إلغاء الطلب', separated: true },
    ],
  },
);

const meta = {
  title: 'Components/Menu',
  // Its status and words to find it by in the sidebar's tag filter (search reads names only).
  tags: ['autodocs', 'stable', 'actions', 'dropdown'],
  parameters: {
    docs: { description: { component: GUIDANCE.Menu } },
    argsInArabic: text.argsInArabic,
  },
  component: Menu,
  args: { ...text.args, onAction: fn() },
} satisfies Meta<typeof Menu>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const OpenMenu: Story = {
  play: async (context) => {
    const { canvasElement } = context;
    const { say } = storyWords(context);
    await userEvent.click(within(canvasElement).getByRole('button', { name: say('Actions') }));
    await expect(await screen.findByRole('menu')).toBeVisible();
  },
};
export const LongText: Story = {
  ...storyArgs(
    { items: [{ id: 'a', label: 'Allocate role counters to the selected L2 provider' }] },
    { items: [{ id: 'a', label: 'تخصيص رصيد الأدوار لمزوّد الخدمة المحدد' }] },
  ),
  play: OpenMenu.play,
};
export const RTL: Story = {
  args: {
    trigger: <Button variant="secondary">الإجراءات</Button>,
    label: 'إجراءات الصف',
    items: [
      { id: 'view', label: 'عرض التفاصيل' },
      { id: 'recheck', label: 'إعادة التحقق من الدفع' },
    ],
  },
  globals: { language: 'ar' },
};
export const Dark: Story = { ...OpenMenu, globals: { theme: 'dark' } };
export const Keyboard: Story = {
  play: async (context) => {
    const { canvasElement, args } = context;
    const { say } = storyWords(context);
    const trigger = within(canvasElement).getByRole('button', { name: say('Actions') });
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('menu');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onAction).toHaveBeenLastCalledWith('recheck');
    // Focus returns to the trigger once the menu has closed (a frame later).
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};
