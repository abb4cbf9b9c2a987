import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo, useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button.js';
import { Menu } from '../Menu/Menu.js';
import { StatusBadge, type Tone } from '../StatusBadge/StatusBadge.js';
import {
  DataGrid,
  type DataGridColumn,
  type DataGridProps,
  type SortDescriptor,
} from './DataGrid.js';
import {
  inLanguage,
  storyArgs,
  storyWords,
  type StoryLanguageContext,
} from '../../docs/bilingualArgs.js';
import { FIXED_ARRANGEMENT, GUIDANCE } from '../../docs/guidance.js';
import { dataGridIn } from '../../test/index.js';
import { useUi } from '../../provider/UiProvider.js';

interface Payment {
  id: string;
  product: string;
  productAr: string;
  date: string;
  amount: number;
  status: 'success' | 'failure' | 'pending';
}

const STATUS: Record<Payment['status'], { tone: Tone; en: string; ar: string }> = {
  success: { tone: 'success', en: 'Payment success', ar: 'تم الدفع' },
  failure: { tone: 'danger', en: 'Payment failure', ar: 'فشل الدفع' },
  pending: { tone: 'info', en: 'Payment initiated', ar: 'تم بدء الدفع' },
};
const PRODUCTS = [
  ['eSign Starter', 'الباقة الأساسية'],
  ['eSign Professional', 'الباقة الاحترافية'],
  ['eSign Business', 'باقة الأعمال'],
] as const;

function payments(count: number): Payment[] {
  return Array.from({ length: count }, (_, i) => {
    const product = PRODUCTS[i % PRODUCTS.length] ?? PRODUCTS[0];
    return {
      id: `TXN${String(1000000 + i)}`,
      product: product[0],
      productAr: product[1],
      date: new Date(Date.UTC(2026, 10, 21) - i * 86_400_000).toISOString().slice(0, 10),
      amount: [113.85, 458.85, 1493.85][i % 3] ?? 0,
      status: (['success', 'failure', 'pending'] as const)[i % 3] ?? 'success',
    };
  });
}

function columnsFor(language: 'en' | 'ar', withActions = false): DataGridColumn<Payment>[] {
  const money = new Intl.NumberFormat(language === 'ar' ? 'ar-SA' : 'en-US', {
    style: 'currency',
    currency: 'SAR',
  });
  const day = new Intl.DateTimeFormat(language === 'ar' ? 'ar-SA-u-ca-gregory' : 'en-US', {
    dateStyle: 'medium',
    timeZone: 'UTC',
  });
  const columns: DataGridColumn<Payment>[] = [
    {
      id: 'id',
      header: language === 'ar' ? 'رقم العملية' : 'Transaction',
      // An id is shown as it is, in any language: not translated.
      cell: (row) => <bdi translate="no">{row.id}</bdi>,
      isRowHeader: true,
      sortable: true,
      width: 150,
    },
    {
      id: 'product',
      header: language === 'ar' ? 'المنتج' : 'Product',
      cell: (row) => (language === 'ar' ? row.productAr : row.product),
    },
    {
      id: 'date',
      header: language === 'ar' ? 'تاريخ الدفع' : 'Payment date',
      cell: (row) => day.format(new Date(row.date)),
      sortable: true,
    },
    {
      id: 'amount',
      header: language === 'ar' ? 'المبلغ' : 'Amount',
      cell: (row) => money.format(row.amount),
      align: 'end',
    },
    {
      id: 'status',
      header: language === 'ar' ? 'الحالة' : 'Status',
      cell: (row) => (
        <StatusBadge tone={STATUS[row.status].tone} label={STATUS[row.status][language]} />
      ),
    },
  ];
  if (withActions) {
    columns.push({
      id: 'actions',
      header: language === 'ar' ? 'الإجراءات' : 'Actions',
      interactive: true,
      width: 130,
      cell: (row) => (
        <Menu
          label={`${language === 'ar' ? 'إجراءات' : 'Actions for'} ${row.id}`}
          trigger={
            <Button size="small" variant="secondary">
              {language === 'ar' ? 'الإجراءات' : 'Actions'}
            </Button>
          }
          items={[
            {
              id: 'recheck',
              label: language === 'ar' ? 'إعادة التحقق من الدفع' : 'Recheck payment',
            },
            { id: 'initiate', label: language === 'ar' ? 'بدء الدفع' : 'Initiate payment' },
          ]}
        />
      ),
    });
  }
  return columns;
}

/** A column's header as the payments grid shows it in the story's language. */
function header(context: StoryLanguageContext, id: string): string {
  const column = columnsFor(storyWords(context).language, true).find((each) => each.id === id);
  if (typeof column?.header !== 'string') throw new globalThis.Error(`no column ${id}`);
  return column.header;
}

type Props = Omit<DataGridProps<Payment>, 'columns' | 'rows' | 'rowKey' | 'label'> & {
  count?: number;
  withActions?: boolean;
  withDetail?: boolean;
};

/**
 * A grid driven like a server would: pages, sorting, and the rows of the page asked for. Its
 * content is in the provider's language, so the toolbar's language switches all of it.
 */
function PaymentsGrid({ count = 57, withActions, withDetail, ...props }: Props) {
  const language = useUi().locale.startsWith('ar') ? 'ar' : 'en';
  const all = useMemo(() => payments(count), [count]);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<SortDescriptor | null>(null);
  const pageSize = 10;
  const sorted = useMemo(() => {
    if (!sort) return all;
    const key = sort.column as keyof Payment;
    const ordered = [...all].sort((a, b) => String(a[key]).localeCompare(String(b[key])));
    return sort.direction === 'ascending' ? ordered : ordered.reverse();
  }, [all, sort]);
  const columns = useMemo(() => columnsFor(language, withActions), [language, withActions]);
  return (
    <DataGrid
      label={language === 'ar' ? 'سجل المدفوعات' : 'Payment history'}
      columns={columns}
      rows={sorted.slice((page - 1) * pageSize, page * pageSize)}
      rowKey={(row) => row.id}
      totalCount={all.length}
      page={page}
      pageSize={pageSize}
      onPageChange={setPage}
      sort={sort}
      onSortChange={setSort}
      renderDetail={
        withDetail
          ? (row) => (
              <ul aria-label={language === 'ar' ? 'المستندات' : 'Documents'}>
                {/* A file's name is shown as it is, in any language. */}
                <li translate="no">{`${row.id}-contract.pdf`}</li>
                <li translate="no">{`${row.id}-annex.pdf`}</li>
              </ul>
            )
          : undefined
      }
      {...props}
    />
  );
}

const meta = {
  title: 'Components/DataGrid',
  // Its status and words to find it by in the sidebar's tag filter (search reads names only).
  tags: ['autodocs', 'stable', 'table', 'grid', 'list'],
  parameters: { docs: { description: { component: GUIDANCE.DataGrid } } },
  // The docs page documents DataGrid itself; its stories render it through PaymentsGrid, which
  // passes every DataGrid prop (a control) through.
  component: DataGrid as unknown as typeof PaymentsGrid,
  render: (args) => <PaymentsGrid {...args} />,
  args: { onRetry: fn(), onClearFilters: fn() },
} satisfies Meta<typeof PaymentsGrid>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    const grid = within(canvasElement).getByRole('grid', {
      name: globals.language === 'ar' ? 'سجل المدفوعات' : 'Payment history',
    });
    await expect(grid).toHaveAttribute('aria-rowcount', '58');
    await expect(within(grid).getAllByRole('row')).toHaveLength(11);
    await expect(within(grid).getAllByRole('row')[10]).toHaveAttribute('aria-rowindex', '11');
  },
};

/** First load: a skeleton that is not made of rows, and a busy grid. */
export const Loading: Story = {
  args: { isLoading: true, count: 0 },
  play: async ({ canvasElement }) => {
    const grid = within(canvasElement).getByRole('grid');
    await expect(grid).toHaveAttribute('aria-busy', 'true');
    await expect(within(grid).getAllByRole('row')).toHaveLength(1);
    await expect(canvasElement.querySelector('[data-skeleton]')).toHaveAttribute(
      'aria-hidden',
      'true',
    );
  },
};
export const LoadingNextPage: Story = { args: { isLoading: true } };
export const Empty: Story = {
  args: { count: 0 },
  play: async (context) => {
    const { canvasElement } = context;
    const { say } = storyWords(context);
    await expect(within(canvasElement).getByText(say('No results'))).toBeVisible();
  },
};
export const FilteredEmpty: Story = {
  args: { count: 0, isFiltered: true },
  play: async (context) => {
    const { canvasElement, args } = context;
    const { say } = storyWords(context);
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: say('Clear filters') }),
    );
    await expect(args.onClearFilters).toHaveBeenCalledTimes(1);
  },
};

/** A failed call with no message says "Failed to fetch" (SPEC §8), and can be retried. */
export const Error: Story = {
  args: { count: 0, error: {} },
  play: async (context) => {
    const { canvasElement, args } = context;
    const { say } = storyWords(context);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(say('Failed to fetch'));
    await userEvent.click(canvas.getByRole('button', { name: say('Try again') }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};
export const ErrorWithMessage: Story = {
  ...storyArgs(
    {
      count: 0,
      error: { message: 'The payment service is not answering.', reference: 'Reference: REQ-7310' },
    },
    {
      count: 0,
      error: { message: 'خدمة الدفع لا تستجيب.', reference: 'المرجع: REQ-7310' },
    },
  ),
};
export const Sorted: Story = { args: { sort: { column: 'date', direction: 'descending' } } };
export const WithActions: Story = { args: { withActions: true } };
export const WithDetail: Story = {
  args: { withDetail: true },
  play: async (context) => {
    const { canvasElement } = context;
    const detail = await dataGridIn(canvasElement).expand(userEvent, 'TXN1000000');
    await expect(
      within(detail).getByRole('list', { name: inLanguage(context, 'Documents', 'المستندات') }),
    ).toBeVisible();
    await expect(within(canvasElement).getByRole('grid')).toHaveAttribute('aria-rowcount', '59');
  },
};
export const WithExport: Story = {
  ...storyArgs(
    { toolbar: <Button variant="secondary">Export</Button> },
    { toolbar: <Button variant="secondary">تصدير</Button> },
  ),
};

/** 10,000 client-side rows: only the visible ones exist, and the grid still tells the total. */
export const Virtualized: Story = {
  parameters: FIXED_ARRANGEMENT,
  render: (_, context) => {
    const rows = payments(10_000);
    return (
      <DataGrid
        label={inLanguage(context, 'All payments', 'كل المدفوعات')}
        columns={columnsFor(storyWords(context).language)}
        rows={rows}
        rowKey={(row) => row.id}
        maxHeight="24rem"
      />
    );
  },
  play: async (context) => {
    const grid = within(context.canvasElement).getByRole('grid', {
      name: inLanguage(context, 'All payments', 'كل المدفوعات'),
    });
    await expect(grid).toHaveAttribute('aria-rowcount', '10001');
    const rendered = grid.querySelectorAll('tbody tr[aria-rowindex]').length;
    await expect(rendered).toBeGreaterThan(5);
    await expect(rendered).toBeLessThan(60);
    await userEvent.click(within(grid).getByRole('rowheader', { name: 'TXN1000000' }));
    await userEvent.keyboard('{Control>}{End}{/Control}');
    await waitFor(() => expect(within(grid).getByText('TXN1009999')).toBeVisible());
    await expect(within(grid).getByText('TXN1009999').closest('tr')).toHaveAttribute(
      'aria-rowindex',
      '10001',
    );
  },
};

/**
 * A frame narrower than the columns' preferred widths (a laptop beside an app's menu): the columns
 * with a width give way toward their floor, in proportion, before the grid scrolls sideways.
 */
export const NarrowFrame: Story = {
  args: { withActions: true },
  decorators: [
    (Story) => (
      <div style={{ inlineSize: 720 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const grid = within(canvasElement).getByRole('grid');
    const scroller = grid.parentElement;
    if (!scroller) throw new globalThis.Error('the grid has a frame');
    await waitFor(() => expect(scroller.scrollWidth).toBeLessThanOrEqual(scroller.clientWidth));
    const idWidth = grid.querySelector('th[data-column="id"]')?.getBoundingClientRect().width ?? 0;
    await expect(idWidth).toBeLessThan(150);
    await expect(idWidth).toBeGreaterThanOrEqual(112);
  },
};

export const LongText: Story = {
  args: { error: null },
  parameters: FIXED_ARRANGEMENT,
  render: (_, context) => (
    <DataGrid
      label={inLanguage(context, 'Organization users', 'مستخدمو المنشأة')}
      columns={[
        {
          id: 'name',
          header: inLanguage(
            context,
            'Full name as registered in the national identity app',
            'الاسم الكامل كما هو مسجل في تطبيق نفاذ الوطني',
          ),
          cell: (row: { name: string }) => row.name,
          isRowHeader: true,
        },
        {
          id: 'unit',
          header: inLanguage(context, 'Organization unit', 'الوحدة التنظيمية'),
          cell: () =>
            inLanguage(
              context,
              'Information Technology — Digital Transformation Office',
              'تقنية المعلومات — مكتب التحول الرقمي',
            ),
        },
      ]}
      rows={[
        {
          name: inLanguage(
            context,
            'Abdullah bin Mohammed bin Abdulaziz Al-Ghamdi',
            'عبدالله بن محمد بن عبدالعزيز الغامدي',
          ),
        },
      ]}
      rowKey={(row) => row.name}
    />
  ),
};

/** In right-to-left the arrow pointing forward (left) moves to the next column. */
export const RTL: Story = {
  args: { withActions: true },
  globals: { language: 'ar' },
  play: async ({ canvasElement }) => {
    const grid = within(canvasElement).getByRole('grid', { name: 'سجل المدفوعات' });
    await userEvent.click(within(grid).getByRole('rowheader', { name: 'TXN1000000' }));
    await userEvent.keyboard('{ArrowLeft}');
    await expect(document.activeElement).toHaveTextContent('الباقة الأساسية');
    await expect(within(canvasElement).getByText('الصفحة ١ من ٦')).toBeVisible();
  },
};
export const Dark: Story = { args: { withActions: true }, globals: { theme: 'dark' } };

/** One tab stop; arrows, Home/End, sorting and paging by keyboard; the range is announced. */
export const Keyboard: Story = {
  args: { withActions: true },
  play: async (context) => {
    const { canvasElement } = context;
    const { ui } = storyWords(context);
    const canvas = within(canvasElement);
    const grid = canvas.getByRole('grid');
    await userEvent.tab();
    const idHeader = within(grid).getByRole('button', { name: header(context, 'id') });
    await expect(idHeader).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(grid).getByRole('rowheader', { name: 'TXN1000000' })).toHaveFocus();
    await userEvent.keyboard(storyWords(context).forward);
    await expect(document.activeElement).toHaveTextContent(inLanguage(context, ...PRODUCTS[0]));
    await userEvent.keyboard('{End}');
    await expect(document.activeElement).toHaveAccessibleName(header(context, 'actions'));
    // ArrowDown moves to the next row instead of opening the menu.
    await userEvent.keyboard('{ArrowDown}');
    await expect(screen.queryByRole('menu')).toBeNull();
    await userEvent.keyboard('{Home}{ArrowUp}{ArrowUp}');
    await expect(idHeader).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(within(grid).getAllByRole('columnheader')[0]).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    // The header's resizer follows it in the tab order; then the pager.
    await userEvent.tab();
    await expect(document.activeElement).toHaveAccessibleName(
      `${ui('resizeColumn')}: ${header(context, 'id')}`,
    );
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: ui('nextPage') })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(canvasElement.querySelector('[aria-live="polite"]')).toHaveTextContent(
        ui('rowsOf', { first: 11, last: 20, total: 57 }),
      ),
    );
  },
};

/**
 * Headers are named by their labels alone; a sort is said once (aria-sort on the header, and one
 * polite announcement when a person sorts), not also in the header's name.
 */
export const HeaderNames: Story = {
  parameters: FIXED_ARRANGEMENT,
  play: async (context) => {
    const { canvasElement } = context;
    const { ui } = storyWords(context);
    const name = header(context, 'id');
    const grid = within(canvasElement).getByRole('grid');
    const column = within(grid).getByRole('columnheader', { name });
    await expect(column).toHaveAttribute('aria-sort', 'none');
    await userEvent.click(within(column).getByRole('button', { name }));
    await waitFor(() => expect(column).toHaveAttribute('aria-sort', 'ascending'));
    await expect(column).toHaveAccessibleName(name);
    await expect(within(column).getByRole('button')).toHaveAccessibleName(name);
    await expect(canvasElement.querySelector('[data-sort-note]')).toHaveTextContent(
      `${name}: ${ui('sortAscending')}`,
    );
  },
};

/**
 * A test written with `@tawqi/ui/test`: the grid's columns, rows and cells by their names in the
 * page's language, sorting and paging as a person does them.
 */
export const WithTestHelpers: Story = {
  play: async (context) => {
    const grid = dataGridIn(context.canvasElement);
    const [product] = PRODUCTS;
    await expect(grid.columns()).toEqual(
      columnsFor(storyWords(context).language).map((column) => column.header),
    );
    await expect(grid.rows()).toHaveLength(10);
    await expect(grid.rowCount()).toBe(57);
    await expect(grid.cell('TXN1000000', header(context, 'product'))).toHaveTextContent(
      inLanguage(context, ...product),
    );
    await grid.sortBy(userEvent, header(context, 'id'));
    await waitFor(() => expect(grid.sortOf(header(context, 'id'))).toBe('ascending'));
    await grid.nextPage(userEvent);
    await waitFor(() => expect(grid.row('TXN1000010')).toBeVisible());
  },
};

/** The first column's resizer, as named in the story's language. */
const resizerName = (context: StoryLanguageContext) =>
  `${storyWords(context).ui('resizeColumn')}: ${header(context, 'id')}`;

/** Tab twice reaches the first header's resizer; the keys given widen its column. */
const widensByKeyboard = async (context: StoryLanguageContext & { canvasElement: HTMLElement }) => {
  const grid = within(context.canvasElement).getByRole('grid');
  await userEvent.tab();
  await userEvent.tab();
  const resizer = within(grid).getByRole('separator', { name: resizerName(context) });
  await expect(resizer).toHaveFocus();
  const before = Number(resizer.getAttribute('aria-valuenow'));
  await expect(before).toBeGreaterThan(0);
  const { forward } = storyWords(context);
  await userEvent.keyboard(forward.repeat(2));
  await waitFor(() =>
    expect(Number(resizer.getAttribute('aria-valuenow'))).toBeGreaterThan(before),
  );
  await expect(resizer).toHaveFocus();
};

/**
 * A column is made no wider than its maximum nor narrower than its minimum, which its resizer
 * tells assistive technology (a separator without them is read as 0 to 100).
 */
export const ResizeWithinItsBounds: Story = {
  parameters: FIXED_ARRANGEMENT,
  play: async (context) => {
    const grid = within(context.canvasElement).getByRole('grid');
    await userEvent.tab();
    await userEvent.tab();
    const resizer = within(grid).getByRole('separator', { name: resizerName(context) });
    await expect(resizer).toHaveFocus();
    const value = (name: string) => Number(resizer.getAttribute(name));
    await expect(value('aria-valuemin')).toBe(64);
    await expect(value('aria-valuemax')).toBe(960);
    // 16 px a key: far past either bound, and back to a width between them.
    // Forward widens: the arrow to the right in English, to the left in Arabic.
    const { forward, back } = storyWords(context);
    const held = (key: string, times: number) => key.replace('}', `>${String(times)}/}`);
    await userEvent.keyboard(held(forward, 70));
    await waitFor(() => expect(value('aria-valuenow')).toBe(960));
    await userEvent.keyboard(held(back, 70));
    await waitFor(() => expect(value('aria-valuenow')).toBe(64));
    await userEvent.keyboard(held(forward, 6));
    await waitFor(() => expect(value('aria-valuenow')).toBe(160));
  },
};

/** The resizer is focusable: its arrows widen and narrow the column, mirrored right to left. */
export const ResizeByKeyboard: Story = {
  parameters: FIXED_ARRANGEMENT,
  play: widensByKeyboard,
};
export const ResizeByKeyboardRTL: Story = { ...ResizeByKeyboard, globals: { language: 'ar' } };
