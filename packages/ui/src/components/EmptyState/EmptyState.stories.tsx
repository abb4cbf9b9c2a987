import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../Button/Button.js';
import { EmptyState } from './EmptyState.js';
import { storyArgs, storyWords } from '../../docs/bilingualArgs.js';
import { GUIDANCE } from '../../docs/guidance.js';

const meta = {
  title: 'Components/EmptyState',
  // Its status and words to find it by in the sidebar's tag filter (search reads names only).
  tags: ['autodocs', 'stable', 'no-results', 'empty'],
  parameters: { docs: { description: { component: GUIDANCE.EmptyState } } },
  component: EmptyState,
} satisfies Meta<typeof EmptyState>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async (context) => {
    await expect(
      within(context.canvasElement).getByText(storyWords(context).ui('noResults')),
    ).toBeVisible();
  },
};
export const WithAction: Story = {
  ...storyArgs(
    {
      title: 'No plans yet',
      description: 'Buy an eSign plan to start signing documents.',
      action: <Button>Buy a plan</Button>,
    },
    {
      title: 'لا توجد باقات بعد',
      description: 'اشترِ باقة التوقيع الإلكتروني لتبدأ توقيع المستندات.',
      action: <Button>شراء باقة</Button>,
    },
  ),
};
export const LongText: Story = {
  ...storyArgs(
    {
      title: 'No transactions match the filters',
      description:
        'Try a wider date range, or include failed and pending transactions in the status filter.',
    },
    {
      title: 'لا توجد عمليات تطابق عوامل التصفية',
      description: 'جرّب فترة أطول، أو أضف العمليات الفاشلة وقيد الانتظار إلى تصفية الحالة.',
    },
  ),
};
export const RTL: Story = {
  globals: { language: 'ar' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('لا توجد نتائج')).toBeVisible();
  },
};
export const Dark: Story = { ...WithAction, globals: { theme: 'dark' } };
export const Keyboard: Story = {
  ...storyArgs(
    { title: 'No plans yet', action: <Button onPress={fn()}>Buy a plan</Button> },
    { title: 'لا توجد باقات بعد', action: <Button onPress={fn()}>شراء باقة</Button> },
  ),
  play: async (context) => {
    const { canvasElement } = context;
    const { say } = storyWords(context);
    await userEvent.tab();
    await expect(
      within(canvasElement).getByRole('button', { name: say('Buy a plan') }),
    ).toHaveFocus();
  },
};
