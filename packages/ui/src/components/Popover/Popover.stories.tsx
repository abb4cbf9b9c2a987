import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button.js';
import { Popover } from './Popover.js';
import { GUIDANCE } from '../../docs/guidance.js';
import { bilingualArgs, inLanguage, storyArgs, storyWords } from '../../docs/bilingualArgs.js';

/** The story's words in English and in Arabic (the toolbar's language picks). */
const text = bilingualArgs(
  {
    title: 'Notifications',
    trigger: <Button variant="ghost">Notifications (2)</Button>,
    children: (
      <ul>
        <li>Your eSign plan was activated.</li>
        <li>Payment received: 115.00 SAR.</li>
      </ul>
    ),
  },
  {
    title: 'الإشعارات',
    trigger: <Button variant="ghost">الإشعارات (٢)</Button>,
    children: (
      <ul>
        <li>فُعّلت باقة التوقيع الإلكتروني.</li>
        <li>استُلمت الدفعة: ١١٥٫٠٠ ر.س.</li>
      </ul>
    ),
  },
);

const meta = {
  title: 'Components/Popover',
  // Its status and words to find it by in the sidebar's tag filter (search reads names only).
  tags: ['autodocs', 'stable', 'overlay'],
  component: Popover,
  args: { ...text.args, onOpenChange: fn() },
  parameters: {
    layout: 'centered',
    docs: { description: { component: GUIDANCE.Popover } },
    argsInArabic: text.argsInArabic,
  },
} satisfies Meta<typeof Popover>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};

export const Open: Story = {
  play: async (context) => {
    const { canvasElement, args } = context;
    const { say } = storyWords(context);
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: new RegExp(say('Notifications')) }),
    );
    const panel = await screen.findByRole('dialog', { name: say('Notifications') });
    await expect(panel).toBeVisible();
    await expect(args.onOpenChange).toHaveBeenCalledWith(true);
  },
};

export const Keyboard: Story = {
  play: async (context) => {
    const { canvasElement, args } = context;
    const { say } = storyWords(context);
    const trigger = within(canvasElement).getByRole('button', {
      name: new RegExp(say('Notifications')),
    });
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: say('Notifications') });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // React Aria gives focus back in the frame after the popover goes: waited for, not assumed.
    await waitFor(() => expect(trigger).toHaveFocus());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
  },
};

export const WithClose: Story = {
  ...storyArgs(
    {
      title: 'Renew identity verification',
      children: (close: () => void) => (
        <Button variant="secondary" onPress={close}>
          Not now
        </Button>
      ),
    },
    {
      title: 'تجديد التحقق من الهوية',
      children: (close: () => void) => (
        <Button variant="secondary" onPress={close}>
          ليس الآن
        </Button>
      ),
    },
  ),
  play: async (context) => {
    const { canvasElement } = context;
    await userEvent.click(
      within(canvasElement).getByRole('button', {
        name: new RegExp(inLanguage(context, 'Notifications', 'الإشعارات')),
      }),
    );
    await userEvent.click(
      await screen.findByRole('button', { name: inLanguage(context, 'Not now', 'ليس الآن') }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

export const RTL: Story = {
  args: {
    title: 'الإشعارات',
    trigger: <Button variant="ghost">الإشعارات (٢)</Button>,
    children: <p>تم تفعيل باقة التوقيع الإلكتروني.</p>,
  },
  globals: { language: 'ar' },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /الإشعارات/ }));
    await expect(await screen.findByRole('dialog', { name: 'الإشعارات' })).toBeVisible();
  },
};

export const Dark: Story = { ...Open, globals: { theme: 'dark' } };
