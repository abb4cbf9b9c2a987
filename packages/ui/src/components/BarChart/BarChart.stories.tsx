import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { BarChart } from './BarChart.js';
import { GUIDANCE } from '../../docs/guidance.js';
import { bilingualArgs, storyArgs, storyWords } from '../../docs/bilingualArgs.js';

const MONTHS = ['Dec', 'Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov'];
const USED = [120, 95, 140, 180, 160, 210, 0, 175, 230, 260, 240, 90];

const MONTHS_AR = [
  'ديسمبر',
  'يناير',
  'فبراير',
  'مارس',
  'أبريل',
  'مايو',
  'يونيو',
  'يوليو',
  'أغسطس',
  'سبتمبر',
  'أكتوبر',
  'نوفمبر',
];
const arabicDigits = new Intl.NumberFormat('ar-SA');

/** The story's words in English and in Arabic (the toolbar's language picks). */
const text = bilingualArgs(
  {
    caption: 'Counters used per month',
    labelHeader: 'Month',
    valueHeader: 'Counters used',
    bars: MONTHS.map((month, index) => ({
      id: month,
      label: month,
      value: USED[index] ?? 0,
      valueText: String(USED[index] ?? 0),
    })),
  },
  {
    caption: 'العدادات المستخدمة شهريًا',
    labelHeader: 'الشهر',
    valueHeader: 'العدادات المستخدمة',
    bars: MONTHS.map((month, index) => ({
      id: month,
      label: MONTHS_AR[index] ?? month,
      value: USED[index] ?? 0,
      valueText: arabicDigits.format(USED[index] ?? 0),
    })),
  },
);

const meta = {
  title: 'Components/BarChart',
  // Its status and words to find it by in the sidebar's tag filter (search reads names only).
  tags: ['autodocs', 'beta', 'chart', 'graph'],
  parameters: {
    docs: { description: { component: GUIDANCE.BarChart } },
    argsInArabic: text.argsInArabic,
  },
  component: BarChart,
  args: text.args,
} satisfies Meta<typeof BarChart>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The same figures in a table behind the picture, for screen readers. */
export const Default: Story = {
  play: async (context) => {
    const words = storyWords(context);
    const table = within(context.canvasElement).getByRole('table', {
      name: words.text('Counters used per month'),
    });
    const rows = within(table).getAllByRole('row');
    await expect(rows).toHaveLength(13);
    await expect(within(rows[10] as HTMLElement).getByRole('cell')).toHaveTextContent(
      words.number(260),
    );
  },
};
export const Empty: Story = {
  ...storyArgs(
    { bars: MONTHS.map((month) => ({ id: month, label: month, value: 0, valueText: '0' })) },
    { bars: MONTHS_AR.map((month) => ({ id: month, label: month, value: 0, valueText: '٠' })) },
  ),
};
export const RTL: Story = {
  args: {
    caption: 'العدادات المستخدمة في كل شهر',
    labelHeader: 'الشهر',
    valueHeader: 'العدادات المستخدمة',
    bars: MONTHS.map((month, index) => ({
      id: month,
      label: new Intl.DateTimeFormat('ar-SA-u-ca-gregory-nu-arab', { month: 'short' }).format(
        new Date(2026, (index + 11) % 12, 1),
      ),
      value: USED[index] ?? 0,
      valueText: new Intl.NumberFormat('ar-SA').format(USED[index] ?? 0),
    })),
  },
  globals: { language: 'ar' },
};
export const Dark: Story = { globals: { theme: 'dark' } };
