import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { QuantityDialog, type QuantityTotals } from './QuantityDialog.js';
import { GUIDANCE, MODAL_DOCS } from '../../docs/guidance.js';
import { quantityDialogIn } from '../../test/index.js';
import { bilingualArgs, storyArgs, storyWords } from '../../docs/bilingualArgs.js';

const items = [
  { id: 'PAX-4000', label: 'Enrolment Admin × 5', unitPriceMinor: 12_500, maxQuantity: 10 },
  { id: 'PAX-4001', label: 'Authorized Signatory × 25', unitPriceMinor: 62_500 },
  { id: 'PAX-4002', label: 'Organization User × 100', unitPriceMinor: 250_000 },
];

/** A stand-in for the app's VAT rule (15%, half up): the dialog itself owns no rule. */
function totalsOf(quantities: Readonly<Record<string, number>>): QuantityTotals {
  const subtotalMinor = items.reduce(
    (sum, item) => sum + item.unitPriceMinor * (quantities[item.id] ?? 0),
    0,
  );
  const vatMinor = Math.floor((subtotalMinor * 1500 + 5000) / 10000);
  return { subtotalMinor, vatMinor, totalMinor: subtotalMinor + vatMinor };
}

const itemsAr = [
  { id: 'PAX-4000', label: 'مسؤول التسجيل × ٥', unitPriceMinor: 12_500, maxQuantity: 10 },
  { id: 'PAX-4001', label: 'المفوض بالتوقيع × ٢٥', unitPriceMinor: 62_500 },
  { id: 'PAX-4002', label: 'مستخدم المنشأة × ١٠٠', unitPriceMinor: 250_000 },
];

/** The story's words in English and in Arabic (the toolbar's language picks). */
const text = bilingualArgs(
  { title: 'Buy role counters', items: items },
  { title: 'شراء رصيد الأدوار', items: itemsAr },
);

const meta = {
  title: 'Components/QuantityDialog',
  // Its status and words to find it by in the sidebar's tag filter (search reads names only).
  tags: ['autodocs', 'beta', 'modal', 'buy', 'quantity'],
  parameters: {
    docs: { ...MODAL_DOCS.docs, description: { component: GUIDANCE.QuantityDialog } },
    argsInArabic: text.argsInArabic,
  },
  component: QuantityDialog,
  args: {
    ...text.args,
    totalsOf,
    currency: 'SAR',
    isOpen: true,
    onOpenChange: fn(),
    onConfirm: fn(),
  },
} satisfies Meta<typeof QuantityDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Each quantity field lies within the dialog, its buttons included, in either direction. */
async function fieldsWithinDialog() {
  const dialog = (await screen.findByRole('dialog')).getBoundingClientRect();
  const fields = screen
    .getAllByRole('group')
    .filter((group) => within(group).queryByRole('textbox'));
  await expect(fields.length).toBeGreaterThan(0);
  for (const field of fields) {
    const box = field.getBoundingClientRect();
    await expect(box.left).toBeGreaterThanOrEqual(dialog.left);
    await expect(box.right).toBeLessThanOrEqual(dialog.right);
  }
}

export const Default: Story = { play: fieldsWithinDialog };
export const Confirming: Story = { args: { isConfirming: true } };
/** A single item can open already chosen once, so confirming is one press. */
export const StartsChosen: Story = {
  ...storyArgs(
    { items: items.slice(0, 1), initialQuantities: { 'PAX-4000': 1 } },
    { items: itemsAr.slice(0, 1), initialQuantities: { 'PAX-4000': 1 } },
  ),
  play: async (context) => {
    const { args } = context;
    const { text, ui, number } = storyWords(context);
    await expect(
      await screen.findByRole('textbox', {
        name: `${ui('quantity')}: ${text('Enrolment Admin × 5')}`,
      }),
    ).toHaveValue(number(1));
    await userEvent.click(screen.getByRole('button', { name: ui('confirm') }));
    await expect(args.onConfirm).toHaveBeenCalledWith({ 'PAX-4000': 1 });
  },
};
export const Empty: Story = { args: { items: [] } };

/** Confirming with nothing chosen says what is wrong and does not confirm. */
export const Error: Story = {
  play: async (context) => {
    const { args } = context;
    const { ui } = storyWords(context);
    await userEvent.click(await screen.findByRole('button', { name: ui('confirm') }));
    await expect(screen.getByRole('alert')).toHaveTextContent(ui('quantityRequired'));
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};
/** A quantity above the item's maximum is brought back to the maximum. */
export const AboveMaximum: Story = {
  play: async (context) => {
    const { args } = context;
    const { text, ui, number } = storyWords(context);
    const quantity = await screen.findByRole('textbox', {
      name: `${ui('quantity')}: ${text('Enrolment Admin × 5')}`,
    });
    await userEvent.type(quantity, number(12));
    await userEvent.tab();
    await expect(quantity).toHaveValue(number(10));
    await userEvent.click(screen.getByRole('button', { name: ui('confirm') }));
    await expect(args.onConfirm).toHaveBeenCalledWith({ 'PAX-4000': 10 });
  },
};
export const LongText: Story = {
  play: fieldsWithinDialog,
  ...storyArgs(
    {
      title: 'Buy role counters for the organization and its Authorized Signatories',
      items: [
        {
          id: 'x',
          label:
            'Authorized Signatory counters, valid for 12 months from the date of purchase × 25',
          unitPriceMinor: 62_500,
        },
      ],
    },
    {
      title: 'شراء رصيد الأدوار للمنشأة والمفوّضين بالتوقيع فيها',
      items: [
        {
          id: 'x',
          label: 'رصيد المفوّض بالتوقيع صالح لمدة ١٢ شهرًا من تاريخ الشراء × ٢٥',
          unitPriceMinor: 62_500,
        },
      ],
    },
  ),
};
export const RTL: Story = {
  args: {
    title: 'شراء رصيد الأدوار',
    items: [
      { id: 'PAX-4000', label: 'مسؤول التسجيل × ٥', unitPriceMinor: 12_500 },
      { id: 'PAX-4001', label: 'المفوّض بالتوقيع × ٢٥', unitPriceMinor: 62_500 },
    ],
  },
  globals: { language: 'ar' },
  play: async () => {
    await expect(await screen.findByText('ضريبة القيمة المضافة')).toBeVisible();
  },
};
export const Dark: Story = { globals: { theme: 'dark' } };

/** Quantities typed by keyboard; the totals follow; confirm sends the quantities. */
export const Keyboard: Story = {
  play: async (context) => {
    const { args } = context;
    const { text, ui, money } = storyWords(context);
    const dialog = await screen.findByRole('dialog');
    const quantity = within(dialog).getByRole('textbox', {
      name: `${ui('quantity')}: ${text('Authorized Signatory × 25')}`,
    });
    await userEvent.click(quantity);
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    await userEvent.tab();
    await expect(within(dialog).getByText(money(1250, 'SAR'))).toBeVisible();
    await expect(within(dialog).getByText(money(187.5, 'SAR'))).toBeVisible();
    await expect(within(dialog).getByText(money(1437.5, 'SAR'))).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: ui('confirm') }));
    await expect(args.onConfirm).toHaveBeenCalledWith({ 'PAX-4001': 2 });
  },
};

/** A test written with `@tawqi/ui/test`: quantities by item, the amounts as shown, confirm. */
export const WithTestHelpers: Story = {
  play: async (context) => {
    const { args } = context;
    const { text, money, number } = storyWords(context);
    await screen.findByRole('dialog');
    const dialog = quantityDialogIn(document.body);
    await dialog.confirm(userEvent);
    await expect(dialog.problem()).not.toBeNull();
    await dialog.setQuantity(userEvent, text('Authorized Signatory × 25'), number(2));
    await expect(dialog.amounts()).toEqual({
      subtotal: money(1250, 'SAR'),
      vat: money(187.5, 'SAR'),
      total: money(1437.5, 'SAR'),
    });
    await dialog.confirm(userEvent);
    await expect(args.onConfirm).toHaveBeenCalledWith({ 'PAX-4001': 2 });
  },
};
