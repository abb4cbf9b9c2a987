import { useState } from 'react';
import { useLocale } from 'react-aria-components';
import { useUi } from '../../provider/UiProvider.js';
import { Button } from '../Button/Button.js';
import { Dialog } from '../Dialog/Dialog.js';
import { NumberField } from '../NumberField/NumberField.js';
import {
  amount,
  cell,
  grandTotal,
  numeric,
  problem,
  quantityCell,
  table,
  term,
  totals,
} from './QuantityDialog.css.js';
import type { ClassNameProp } from '../parts/className.js';

export interface QuantityItem {
  id: string;
  label: string;
  /** Price of one item before VAT, in the currency's minor unit (halalas for SAR). */
  unitPriceMinor: number;
  maxQuantity?: number;
}

/** The amounts of an order, in the currency's minor unit; the app computes them (its VAT rule). */
export interface QuantityTotals {
  subtotalMinor: number;
  vatMinor: number;
  totalMinor: number;
}

export interface QuantityDialogProps extends ClassNameProp {
  /** What is being bought; heads the dialog. */
  title: string;
  /** The priced items, each with its id, label, unit price in minor units and the most allowed. */
  items: readonly QuantityItem[];
  /** The order's amounts for the chosen quantities: the app's VAT rule, not the dialog's. */
  totalsOf: (quantities: Readonly<Record<string, number>>) => QuantityTotals;
  /** ISO 4217 code, e.g. SAR. */
  currency: string;
  /** Minor units per major unit (100 for SAR). */
  minorPerMajor?: number;
  /** The confirm button's label ("Go to payment"). */
  confirmLabel?: string;
  /** Whether the dialog is open (controlled). */
  isOpen: boolean;
  /** Called when it opens or closes. */
  onOpenChange: (isOpen: boolean) => void;
  /** Called with the quantities chosen (items with none left out). */
  onConfirm: (quantities: Record<string, number>) => void;
  /** Marks the confirm button busy and keeps the dialog open while the order is made. */
  isConfirming?: boolean;
  /** The quantities the dialog opens with (none chosen by default). */
  initialQuantities?: Readonly<Record<string, number>>;
}

/**
 * Items × quantity with unit price, VAT and total; confirm or cancel. At least one item must be
 * chosen (said in words when confirming without); quantities stay within each item's maximum.
 */
export function QuantityDialog({
  title,
  items,
  totalsOf,
  currency,
  minorPerMajor = 100,
  confirmLabel,
  isOpen,
  onOpenChange,
  onConfirm,
  isConfirming,
  initialQuantities,
  className,
}: QuantityDialogProps) {
  const { t } = useUi();
  const { locale } = useLocale();
  const [quantities, setQuantities] = useState<Record<string, number>>({ ...initialQuantities });
  const [tried, setTried] = useState(false);
  const money = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
  });
  const show = (minor: number) => money.format(minor / minorPerMajor);
  const chosen = Object.values(quantities).reduce((sum, quantity) => sum + quantity, 0);
  // A quantity above its item's maximum cannot be entered: the number field brings it back.
  const problemText = chosen === 0 ? t('quantityRequired') : null;
  const amounts = totalsOf(quantities);
  return (
    <Dialog
      title={title}
      className={className}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      footer={(close) => (
        <>
          <Button variant="secondary" onPress={close}>
            {t('cancel')}
          </Button>
          <Button
            isPending={isConfirming}
            onPress={() => {
              setTried(true);
              if (!problemText) onConfirm(quantities);
            }}
          >
            {confirmLabel ?? t('confirm')}
          </Button>
        </>
      )}
    >
      <table className={table}>
        <thead>
          <tr>
            <th className={cell} scope="col">
              {t('item')}
            </th>
            <th className={numeric} scope="col">
              {t('unitPrice')}
            </th>
            <th className={cell} scope="col">
              {t('quantity')}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id}>
              <th className={cell} scope="row">
                {item.label}
              </th>
              <td className={numeric}>{show(item.unitPriceMinor)}</td>
              <td className={quantityCell}>
                <NumberField
                  aria-label={`${t('quantity')}: ${item.label}`}
                  minValue={0}
                  maxValue={item.maxQuantity}
                  step={1}
                  value={quantities[item.id] ?? 0}
                  onChange={(quantity) => {
                    setQuantities({
                      ...quantities,
                      [item.id]: Number.isNaN(quantity) ? 0 : quantity,
                    });
                  }}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className={totals} aria-live="polite">
        <dt className={term}>{t('subtotal')}</dt>
        <dd className={amount}>{show(amounts.subtotalMinor)}</dd>
        <dt className={term}>{t('vat')}</dt>
        <dd className={amount}>{show(amounts.vatMinor)}</dd>
        <dt className={`${term} ${grandTotal}`}>{t('total')}</dt>
        <dd className={`${amount} ${grandTotal}`}>{show(amounts.totalMinor)}</dd>
      </dl>
      {tried && problemText ? (
        <p className={problem} role="alert">
          {problemText}
        </p>
      ) : null}
    </Dialog>
  );
}
