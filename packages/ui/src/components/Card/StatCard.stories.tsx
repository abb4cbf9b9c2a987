import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Link } from '../Link/Link.js';
import { StatCard } from './StatCard.js';
import { FIXED_ARRANGEMENT, GUIDANCE } from '../../docs/guidance.js';
import { bilingualArgs, inLanguage, storyArgs, storyWords } from '../../docs/bilingualArgs.js';

/** The story's words in English and in Arabic (the toolbar's language picks). */
const text = bilingualArgs(
  { label: 'Plan balance', value: '177', hint: 'of 260 transactions' },
  { label: 'رصيد الباقة', value: '١٧٧', hint: 'من ٢٦٠ عملية' },
);

const meta = {
  title: 'Components/StatCard',
  // Its status and words to find it by in the sidebar's tag filter (search reads names only).
  tags: ['autodocs', 'stable', 'stat', 'summary', 'figure'],
  parameters: {
    docs: { description: { component: GUIDANCE.StatCard } },
    argsInArabic: text.argsInArabic,
  },
  component: StatCard,
  args: { ...text.args, meterPercent: 68 },
} satisfies Meta<typeof StatCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The card is named by its label; the meter says the share used. */
export const Default: Story = {
  play: async (context) => {
    const { text: words } = storyWords(context);
    const card = within(context.canvasElement).getByRole('region', {
      name: words('Plan balance'),
    });
    await expect(within(card).getByText(words('177'))).toBeVisible();
    await expect(within(card).getByRole('meter')).toHaveAttribute('aria-valuenow', '68');
  },
};
export const WithoutMeter: Story = { args: { meterPercent: undefined } };

/** While the figure loads: a spinner instead of it, and the card busy. */
export const Loading: Story = {
  args: { isLoading: true, value: '' },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('region');
    await expect(card).toHaveAttribute('aria-busy', 'true');
    await expect(within(card).getByRole('progressbar')).toBeInTheDocument();
    await expect(within(card).queryByRole('meter')).toBeNull();
  },
};

/** A hint can be a link to where the figure is handled; the card itself is not a stop. */
export const Keyboard: Story = {
  parameters: FIXED_ARRANGEMENT,
  render: (_, context) => (
    <StatCard
      label={inLanguage(context, 'Plan balance', 'رصيد الباقة')}
      value={inLanguage(context, '177', '١٧٧')}
      hint={<Link href="#plans">{inLanguage(context, 'Buy a plan', 'شراء باقة')}</Link>}
    />
  ),
  play: async (context) => {
    await userEvent.tab();
    await expect(
      within(context.canvasElement).getByRole('link', {
        name: inLanguage(context, 'Buy a plan', 'شراء باقة'),
      }),
    ).toHaveFocus();
  },
};

export const LongText: Story = {
  ...storyArgs(
    {
      label: 'Transactions left in the current eSign plan of the organization',
      value: '1,234,567',
      hint: 'of 2,000,000 transactions, renewed on 21 Nov 2027',
    },
    {
      label: 'رصيد العمليات المتبقي في باقة التوقيع الإلكتروني الحالية',
      value: '١٬٢٣٤٬٥٦٧',
      hint: 'من ٢٬٠٠٠٬٠٠٠ عملية، تتجدد في ٢١ نوفمبر ٢٠٢٧',
    },
  ),
};

/** Cards side by side; the meter fills from the right in right-to-left. */
export const RTL: Story = {
  parameters: FIXED_ARRANGEMENT,
  render: () => (
    <div
      style={{
        display: 'grid',
        gap: '1rem',
        gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))',
      }}
    >
      <StatCard label="الرصيد" value="١٧٧" meterPercent={68} />
      <StatCard label="المستخدم" value="٨٣" />
    </div>
  ),
  globals: { language: 'ar' },
};
export const Dark: Story = { globals: { theme: 'dark' } };
