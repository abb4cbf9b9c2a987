import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button.js';
import { Toaster } from './Toast.js';
import { TOAST_LIMITS, createToastQueue, type ToastMessage } from './queue.js';
import { GUIDANCE } from '../../docs/guidance.js';
import { toastsIn } from '../../test/index.js';
import {
  bilingualArgs,
  storyArgs,
  storyWords,
  type StoryLanguageContext,
} from '../../docs/bilingualArgs.js';

function Demo({
  messages,
  timeoutMs,
  showLabel = 'Show',
  retryInSeconds,
}: {
  messages: readonly ToastMessage[];
  timeoutMs?: number;
  /** The demo's button (not part of the component). */
  showLabel?: string;
  /** A 429's wait, counted from the press (the messages' `retryAt`). */
  retryInSeconds?: number;
}) {
  const [toasts] = useState(() => createToastQueue(timeoutMs ? { timeoutMs } : {}));
  return (
    <>
      <Button
        onPress={() => {
          for (const message of messages)
            toasts.show(
              retryInSeconds
                ? { ...message, retryAt: Date.now() + retryInSeconds * 1000 }
                : message,
            );
        }}
      >
        {showLabel}
      </Button>
      <Toaster toasts={toasts} />
    </>
  );
}

const error: ToastMessage = {
  variant: 'error',
  title: 'Error',
  description: 'Something went wrong. Please try again',
};
const all: ToastMessage[] = [
  { variant: 'info', title: 'Payment pending', description: 'The gateway has not answered yet.' },
  { variant: 'success', title: 'Plan bought', description: 'Professional — 50 transactions.' },
  { variant: 'warning', title: 'Plan expiring', description: 'Your plan expires in 14 days.' },
  error,
];

const allInArabic: ToastMessage[] = [
  { variant: 'info', title: 'الدفع قيد المعالجة', description: 'لم تردّ بوابة الدفع بعد.' },
  { variant: 'success', title: 'تم شراء الباقة', description: 'الاحترافية — ٥٠ عملية.' },
  {
    variant: 'warning',
    title: 'الباقة توشك على الانتهاء',
    description: 'تنتهي باقتك بعد ١٤ يومًا.',
  },
  { variant: 'error', title: 'خطأ', description: 'حدث خطأ ما. يرجى المحاولة مرة أخرى' },
];
/** One of the messages, as a story's own args in both languages. */
const only = (index: number) =>
  storyArgs(
    { messages: [all[index] as ToastMessage] },
    { messages: [allInArabic[index] as ToastMessage] },
  );

/** The story's words in English and in Arabic (the toolbar's language picks). */
const text = bilingualArgs(
  { messages: all, showLabel: 'Show' },
  { messages: allInArabic, showLabel: 'عرض' },
);

const meta = {
  title: 'Components/Toast',
  // Its status and words to find it by in the sidebar's tag filter (search reads names only).
  tags: ['autodocs', 'beta', 'notification', 'message'],
  parameters: {
    docs: { description: { component: GUIDANCE.Toast } },
    argsInArabic: text.argsInArabic,
  },
  // The docs page documents Toaster itself (its queue's messages are in the guidance above it);
  // the stories show toasts through a small demo with a button.
  component: Toaster as unknown as typeof Demo,
  render: (args) => <Demo {...args} />,
  args: text.args,
} satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Presses the demo's button, named in the story's language. */
const show = async (context: StoryLanguageContext & { canvasElement: HTMLElement }) => {
  const name = storyWords(context).text('Show');
  await userEvent.click(within(context.canvasElement).getByRole('button', { name }));
};

/** Four variants, at most three visible (SPEC §9). */
export const Default: Story = {
  play: async (context) => {
    await expect(TOAST_LIMITS).toEqual({ maxVisible: 3, timeoutMs: 4000 });
    await show(context);
    await waitFor(() => expect(screen.getAllByRole('alertdialog')).toHaveLength(3));
  },
};
export const Error: Story = { ...only(3), play: show };
export const Success: Story = { ...only(1), play: show };

export const AutoDismiss: Story = {
  ...only(1),
  args: { ...only(1).args, timeoutMs: 300 },
  play: async (context) => {
    await show(context);
    await expect(await screen.findByRole('alertdialog')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), { timeout: 2000 });
  },
};

/** Hovering the toasts pauses their timers. */
export const PausesOnHover: Story = {
  ...only(1),
  args: { ...only(1).args, timeoutMs: 300 },
  play: async (context) => {
    await show(context);
    const toast = await screen.findByRole('alertdialog');
    await userEvent.hover(toast);
    await new Promise((resolve) => setTimeout(resolve, 700));
    await expect(screen.getByRole('alertdialog')).toBeVisible();
    await userEvent.unhover(toast);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), { timeout: 2000 });
  },
};

/** A toast with an action does not vanish on its own. */
export const WithAction: Story = {
  ...storyArgs(
    {
      timeoutMs: 300,
      messages: [
        {
          variant: 'error',
          title: 'Payment failed',
          description: 'The card was declined.',
          action: { label: 'Recheck', onAction: fn() },
        },
      ],
    },
    {
      timeoutMs: 300,
      messages: [
        {
          variant: 'error',
          title: 'تعذّر الدفع',
          description: 'رُفضت البطاقة.',
          action: { label: 'إعادة التحقق', onAction: fn() },
        },
      ],
    },
  ),
  play: async (context) => {
    const { say } = storyWords(context);
    await show(context);
    await screen.findByRole('alertdialog');
    await new Promise((resolve) => setTimeout(resolve, 700));
    await expect(screen.getByRole('button', { name: say('Recheck') })).toBeVisible();
  },
};

/**
 * A 429 reaching a person: the toast counts the server's wait down and stays for all of it (past
 * its usual time), so the person can read how long is left.
 */
export const RateLimited: Story = {
  ...storyArgs(
    {
      timeoutMs: 300,
      retryInSeconds: 90,
      messages: [{ variant: 'error', title: 'Error', description: 'Too many attempts.' }],
    },
    {
      timeoutMs: 300,
      retryInSeconds: 90,
      messages: [{ variant: 'error', title: 'خطأ', description: 'محاولات كثيرة.' }],
    },
  ),
  play: async (context) => {
    const { ui, number } = storyWords(context);
    await show(context);
    const timer = await screen.findByRole('timer');
    // 1:30, or 1:29 once a second has passed, in the page's digits.
    await expect([
      ui('retryIn', { time: `${number(1)}:${number(30)}` }),
      ui('retryIn', { time: `${number(1)}:${number(29)}` }),
    ]).toContain(timer.textContent);
    await new Promise((resolve) => setTimeout(resolve, 700));
    await expect(screen.getByRole('alertdialog')).toBeVisible();
  },
};
export const LongText: Story = {
  ...storyArgs(
    {
      messages: [
        {
          variant: 'warning',
          title: 'Your organization’s role counters are running low',
          description:
            'Only 3 Authorized Signatory counters remain. Buy a role plan before you add more signatories.',
        },
      ],
    },
    {
      messages: [
        {
          variant: 'warning',
          title: 'أوشك رصيد الأدوار في منشأتك على النفاد',
          description: 'بقي ٣ أرصدة فقط للمفوّض بالتوقيع. اشترِ باقة أدوار قبل أن تضيف مفوّضين آخرين.',
        },
      ],
    },
  ),
  play: show,
};

/** Bottom-left in right-to-left. */
export const RTL: Story = {
  args: {
    messages: [
      { variant: 'success', title: 'تم شراء الباقة', description: 'الباقة الاحترافية — ٥٠ عملية' },
    ],
    showLabel: 'عرض',
  },
  globals: { language: 'ar' },
  play: async (context) => {
    await show(context);
    const region = await screen.findByRole('region', { name: 'الرسائل' });
    const box = region.getBoundingClientRect();
    await expect(box.left).toBeLessThan(window.innerWidth / 2);
  },
};
export const Dark: Story = { globals: { theme: 'dark' }, play: show };

export const Keyboard: Story = {
  ...only(0),
  play: async (context) => {
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('alertdialog');
    // The toasts follow the page in tab order: Tab reaches the toast, then its dismiss button.
    const dismiss = screen.getByRole('button', { name: storyWords(context).ui('dismiss') });
    for (let step = 0; step < 3 && document.activeElement !== dismiss; step += 1)
      await userEvent.tab();
    await expect(dismiss).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  },
};

/**
 * F6 moves focus from the page to the toasts (a landmark, React Aria's landmark navigation), and
 * back again with Shift+F6 (or F6: no other landmark here); while focus is there, the timers wait.
 */
export const ReachedByF6: Story = {
  ...only(1),
  args: { ...only(1).args, timeoutMs: 300 },
  play: async (context) => {
    const { canvasElement } = context;
    const { say } = storyWords(context);
    const trigger = within(canvasElement).getByRole('button', { name: say('Show') });
    await show(context);
    const region = await screen.findByRole('region', { name: say('Messages') });
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard('{F6}');
    await waitFor(() => expect(region.contains(document.activeElement)).toBe(true));
    // Past its 300 ms, the focused toast is still there.
    await new Promise((resolve) => setTimeout(resolve, 700));
    await expect(screen.getByRole('alertdialog')).toBeVisible();
    // No other landmark here: Shift+F6 goes back to where focus came from.
    await userEvent.keyboard('{Shift>}{F6}{/Shift}');
    await waitFor(() => expect(trigger).toHaveFocus());
    await userEvent.keyboard('{F6}');
    await waitFor(() => expect(region.contains(document.activeElement)).toBe(true));
    await userEvent.keyboard('{F6}');
    await waitFor(() => expect(trigger).toHaveFocus());
    // Focus gone from it, its time runs again.
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  },
};

/** A test written with `@tawqi/ui/test`: the toasts showing, with their variant and words. */
export const WithTestHelpers: Story = {
  ...only(2),
  play: async (context) => {
    const { text } = storyWords(context);
    await show(context);
    await waitFor(() => expect(toastsIn(document.body)).toHaveLength(1));
    const [shown] = toastsIn(document.body);
    await expect(shown?.variant).toBe('warning');
    await expect(shown?.title).toBe(text('Plan expiring'));
    await expect(shown?.description).toBe(text('Your plan expires in 14 days.'));
  },
};
