import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { DateRangePicker } from './DateRangePicker.js';
import { GUIDANCE } from '../../docs/guidance.js';
import { bilingualArgs, inLanguage, storyArgs, storyWords } from '../../docs/bilingualArgs.js';

/** The story's words in English and in Arabic (the toolbar's language picks). */
const text = bilingualArgs({ label: 'Transaction date' }, { label: 'تاريخ العملية' });

const meta = {
  title: 'Components/DateRangePicker',
  // Its status and words to find it by in the sidebar's tag filter (search reads names only).
  tags: ['autodocs', 'stable', 'date', 'calendar', 'form'],
  parameters: {
    docs: { description: { component: GUIDANCE.DateRangePicker } },
    argsInArabic: text.argsInArabic,
  },
  component: DateRangePicker,
  args: { ...text.args, onChange: fn() },
} satisfies Meta<typeof DateRangePicker>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithValue: Story = {
  args: { defaultValue: { from: '2026-11-01', to: '2026-11-21' } },
};
export const Error: Story = {
  ...storyArgs(
    {
      isInvalid: true,
      errorMessage: 'The end date comes before the start date',
      defaultValue: { from: '2026-11-21', to: '2026-11-01' },
    },
    {
      isInvalid: true,
      errorMessage: 'تاريخ النهاية يسبق تاريخ البداية',
      defaultValue: { from: '2026-11-21', to: '2026-11-01' },
    },
  ),
};
/**
 * A reversed range found by the picker itself is said in the page's language, whatever the
 * browser's (React Aria would say it in the browser's: English here).
 */
export const ReversedRTL: Story = {
  args: {
    label: 'تاريخ العملية',
    validationBehavior: 'aria',
    defaultValue: { from: '2026-11-21', to: '2026-11-01' },
  },
  globals: { language: 'ar' },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('يجب أن يسبق تاريخ البداية تاريخ النهاية.'),
    ).toBeVisible();
    await expect(canvasElement).not.toHaveTextContent(/[A-Za-z]/);
  },
};
export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: { from: '2026-11-01', to: '2026-11-21' } },
};
export const LongText: Story = {
  ...storyArgs(
    {
      label: 'Date on which the payment was initiated at the payment gateway',
      defaultValue: { from: '2026-11-01', to: '2026-11-21' },
    },
    {
      label: 'تاريخ بدء عملية الدفع لدى بوابة الدفع',
      defaultValue: { from: '2026-11-01', to: '2026-11-21' },
    },
  ),
};

/** ar-SA defaults to the Umm al-Qura calendar; the picker pins the Gregorian one. */
export const RTL: Story = {
  args: { label: 'تاريخ العملية', defaultValue: { from: '2026-11-01', to: '2026-11-21' } },
  globals: { language: 'ar' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /الفترة/ }));
    const dialog = await screen.findByRole('dialog');
    await expect(within(dialog).getByRole('heading')).toHaveTextContent(/نوفمبر/);
  },
};
export const Hijri: Story = {
  args: {
    label: 'تاريخ العملية',
    calendar: 'islamic-umalqura',
    defaultValue: { from: '2026-11-01', to: '2026-11-21' },
  },
  globals: { language: 'ar' },
};
export const Dark: Story = {
  args: { defaultValue: { from: '2026-11-01', to: '2026-11-21' } },
  globals: { theme: 'dark' },
};

export const Keyboard: Story = {
  play: async (context) => {
    const { canvasElement, args } = context;
    const { ui } = storyWords(context);
    const canvas = within(canvasElement);
    await userEvent.tab();
    // The dates' segments in the locale's order: month first in English, day first in Arabic.
    await userEvent.keyboard(inLanguage(context, '11012026', '01112026'));
    await userEvent.keyboard(inLanguage(context, '11212026', '21112026'));
    await expect(args.onChange).toHaveBeenLastCalledWith({ from: '2026-11-01', to: '2026-11-21' });
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: new RegExp(ui('dateRange')) })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(await screen.findByRole('dialog')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/**
 * On a 320 px phone, in a card inside the page's margins (a 256 px column), the two dates and the
 * calendar button stay inside the field: the button moves under the dates rather than out of it.
 */
export const NarrowPhone: Story = {
  args: { defaultValue: { from: '2026-11-01', to: '2026-11-21' } },
  decorators: [
    (Story) => (
      <div style={{ inlineSize: 256 }}>
        <Story />
      </div>
    ),
  ],
  play: async (context) => {
    const { canvasElement } = context;
    const { say } = storyWords(context);
    const button = within(canvasElement).getByRole('button', {
      name: new RegExp(say('Date range')),
    });
    const group = button.parentElement as HTMLElement;
    const inside = group.getBoundingClientRect();
    const box = button.getBoundingClientRect();
    await expect(box.left).toBeGreaterThanOrEqual(inside.left);
    await expect(box.right).toBeLessThanOrEqual(inside.right);
    await expect(group.scrollWidth).toBeLessThanOrEqual(group.clientWidth);
  },
};
