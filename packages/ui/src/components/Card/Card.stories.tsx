import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Button } from '../Button/Button.js';
import { Card } from './Card.js';
import { GUIDANCE } from '../../docs/guidance.js';
import { bilingualArgs, storyArgs, storyWords } from '../../docs/bilingualArgs.js';

/** The story's words in English and in Arabic (the toolbar's language picks). */
const text = bilingualArgs(
  {
    title: 'Current plan',
    children: <p>Professional — 50 transactions, valid until 21 Nov 2027.</p>,
  },
  { title: 'الباقة الحالية', children: <p>الاحترافية — ٥٠ عملية، صالحة حتى ٢١ نوفمبر ٢٠٢٧.</p> },
);

const meta = {
  title: 'Components/Card',
  // Its status and words to find it by in the sidebar's tag filter (search reads names only).
  tags: ['autodocs', 'stable', 'summary'],
  parameters: {
    docs: { description: { component: GUIDANCE.Card } },
    argsInArabic: text.argsInArabic,
  },
  component: Card,
  args: { ...text.args },
} satisfies Meta<typeof Card>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Empty: Story = {
  ...storyArgs({ children: <p>No plan yet.</p> }, { children: <p>لا توجد باقة بعد.</p> }),
};
export const LongText: Story = {
  ...storyArgs(
    {
      title:
        'Role counter deduction summary for Enrolment Admins, Authorized Signatories and Organization Users',
    },
    { title: 'ملخص خصم رصيد الأدوار لمسؤولي التسجيل والمفوّضين بالتوقيع ومستخدمي المنشأة' },
  ),
};
export const RTL: Story = { globals: { language: 'ar' } };
export const Dark: Story = { globals: { theme: 'dark' } };
export const Keyboard: Story = {
  ...storyArgs({ children: <Button>Renew</Button> }, { children: <Button>تجديد</Button> }),
  play: async (context) => {
    const { canvasElement } = context;
    const { say } = storyWords(context);
    await userEvent.tab();
    await expect(within(canvasElement).getByRole('button', { name: say('Renew') })).toHaveFocus();
    await expect(
      within(canvasElement).getByRole('region', { name: say('Current plan') }),
    ).toBeInTheDocument();
  },
};
