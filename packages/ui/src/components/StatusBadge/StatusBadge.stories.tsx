import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Button } from '../Button/Button.js';
import { StatusBadge, type Tone } from './StatusBadge.js';
import { FIXED_ARRANGEMENT, GUIDANCE } from '../../docs/guidance.js';
import { bilingualArgs, inLanguage, storyArgs } from '../../docs/bilingualArgs.js';

/** The story's words in English and in Arabic (the toolbar's language picks). */
const text = bilingualArgs({ label: 'Deactivated' }, { label: 'معطّل' });

const meta = {
  title: 'Components/StatusBadge',
  // Its status and words to find it by in the sidebar's tag filter (search reads names only).
  tags: ['autodocs', 'stable', 'status', 'tag'],
  parameters: {
    docs: { description: { component: GUIDANCE.StatusBadge } },
    argsInArabic: text.argsInArabic,
  },
  component: StatusBadge,
  args: { ...text.args, tone: 'neutral' },
} satisfies Meta<typeof StatusBadge>;
export default meta;
type Story = StoryObj<typeof meta>;

const TONES: { tone: Tone; en: string; ar: string }[] = [
  { tone: 'neutral', en: 'Deactivated', ar: 'معطّل' },
  { tone: 'info', en: 'Initiated', ar: 'تم البدء' },
  { tone: 'success', en: 'Approved', ar: 'معتمد' },
  { tone: 'warning', en: 'Pending', ar: 'قيد الانتظار' },
  { tone: 'danger', en: 'Rejected', ar: 'مرفوض' },
];

export const Default: Story = {};
export const Info: Story = {
  ...storyArgs({ tone: 'info', label: 'Initiated' }, { tone: 'info', label: 'تم البدء' }),
};
export const Success: Story = {
  ...storyArgs({ tone: 'success', label: 'Approved' }, { tone: 'success', label: 'معتمد' }),
};
export const Warning: Story = {
  ...storyArgs({ tone: 'warning', label: 'Pending' }, { tone: 'warning', label: 'قيد الانتظار' }),
};
export const Danger: Story = {
  ...storyArgs({ tone: 'danger', label: 'Rejected' }, { tone: 'danger', label: 'مرفوض' }),
};

/** Every tone shows its label and a mark of its own shape: never colour alone. */
export const AllTones: Story = {
  parameters: FIXED_ARRANGEMENT,
  render: (_, context) => (
    <div style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
      {TONES.map(({ tone, en, ar }) => (
        <StatusBadge key={tone} tone={tone} label={inLanguage(context, en, ar)} />
      ))}
    </div>
  ),
  play: async (context) => {
    const { canvasElement } = context;
    for (const { en, ar } of TONES)
      await expect(within(canvasElement).getByText(inLanguage(context, en, ar))).toBeVisible();
    // Each tone's mark has a shape of its own: its clip path, or a ring (issue 39 found neutral
    // and info both round dots).
    const shapes = [...canvasElement.querySelectorAll('[data-tone] > [aria-hidden]')].map(
      (mark) => {
        const style = getComputedStyle(mark);
        return `${style.clipPath} ${style.backgroundColor === 'rgba(0, 0, 0, 0)' ? 'ring' : 'filled'}`;
      },
    );
    await expect(shapes).toHaveLength(TONES.length);
    await expect(new Set(shapes).size).toBe(TONES.length);
  },
};

export const LongText: Story = {
  ...storyArgs(
    { tone: 'warning', label: 'Pending for approval by the enrolment admin' },
    { tone: 'warning', label: 'بانتظار موافقة مسؤول التسجيل في المنشأة' },
  ),
};

export const RTL: Story = {
  parameters: FIXED_ARRANGEMENT,
  render: () => (
    <div style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
      {TONES.map(({ tone, ar }) => (
        <StatusBadge key={tone} tone={tone} label={ar} />
      ))}
    </div>
  ),
  globals: { language: 'ar' },
};

export const Dark: Story = { ...AllTones, globals: { theme: 'dark' } };

/** A badge is text, not a control: the keyboard passes it by, and its label is read. */
export const Keyboard: Story = {
  parameters: FIXED_ARRANGEMENT,
  render: (_, context) => (
    <>
      <Button>{inLanguage(context, 'Before', 'قبل')}</Button>
      <StatusBadge tone="success" label={inLanguage(context, 'Approved', 'معتمد')} />
      <Button>{inLanguage(context, 'After', 'بعد')}</Button>
    </>
  ),
  play: async (context) => {
    const { canvasElement, userEvent } = context;
    const canvas = within(canvasElement);
    await userEvent.tab();
    await userEvent.tab();
    await expect(
      canvas.getByRole('button', { name: inLanguage(context, 'After', 'بعد') }),
    ).toHaveFocus();
    await expect(canvas.getByText(inLanguage(context, 'Approved', 'معتمد'))).toBeVisible();
  },
};
