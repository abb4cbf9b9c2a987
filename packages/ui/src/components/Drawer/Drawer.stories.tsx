import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button.js';
import { Drawer } from './Drawer.js';
import { bilingualArgs, storyWords } from '../../docs/bilingualArgs.js';
import { GUIDANCE, MODAL_DOCS } from '../../docs/guidance.js';

/** The story's words in English and in Arabic (the toolbar's language picks). */
const text = bilingualArgs(
  {
    title: 'Menu',
    children: (
      <nav aria-label="Areas">
        <ul>
          <li>
            <a href="#dashboard">Dashboard</a>
          </li>
          <li>
            <a href="#plans">eSign plans</a>
          </li>
          <li>
            <a href="#payments">Payment history</a>
          </li>
        </ul>
      </nav>
    ),
  },
  {
    title: 'القائمة',
    children: (
      <nav aria-label="الأقسام">
        <ul>
          <li>
            <a href="#dashboard">لوحة المعلومات</a>
          </li>
          <li>
            <a href="#plans">باقات التوقيع الإلكتروني</a>
          </li>
          <li>
            <a href="#payments">سجل المدفوعات</a>
          </li>
        </ul>
      </nav>
    ),
  },
);

const meta = {
  title: 'Components/Drawer',
  // Its status and words to find it by in the sidebar's tag filter (search reads names only).
  tags: ['autodocs', 'beta', 'overlay', 'navigation', 'modal'],
  component: Drawer,
  args: { ...text.args, isOpen: true, onOpenChange: fn() },
  parameters: {
    layout: 'fullscreen',
    docs: { ...MODAL_DOCS.docs, description: { component: GUIDANCE.Drawer } },
    argsInArabic: text.argsInArabic,
  },
} satisfies Meta<typeof Drawer>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Open: focus moves into it, Escape asks to close it. */
export const Open: Story = {
  play: async (context) => {
    const { say } = storyWords(context);
    const drawer = await screen.findByRole('dialog', { name: say('Menu') });
    await waitFor(() => expect(drawer.contains(document.activeElement)).toBe(true));
    await userEvent.keyboard('{Escape}');
    await expect(context.args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

/** Opened by a button: closed with its close button, focus goes back to the button. */
export const FromAButton: Story = {
  args: { isOpen: false },
  render: function Render(args, context) {
    const [isOpen, setOpen] = useState(args.isOpen);
    return (
      <div style={{ padding: '1rem' }}>
        <Button onPress={() => setOpen(true)}>{storyWords(context).say('Menu')}</Button>
        <Drawer {...args} isOpen={isOpen} onOpenChange={setOpen} />
      </div>
    );
  },
  play: async (context) => {
    const { say } = storyWords(context);
    const opener = within(context.canvasElement).getByRole('button', { name: say('Menu') });
    await userEvent.click(opener);
    const drawer = await screen.findByRole('dialog', { name: say('Menu') });
    await userEvent.click(within(drawer).getByRole('button', { name: say('Close') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  },
};
