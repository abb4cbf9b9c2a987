/**
 * Choosing how many of each pack to order (the ui QuantityDialog): the server's prices before
 * VAT, VAT per line as the server and the invoice count it, and the total; what is confirmed is
 * the packs with a quantity. Buying online, purchase orders and an L1 buying for its L2 share it.
 */
import type { CONTRACT, EndpointOutput } from '@tawqi/api';
import { CURRENCY, lineWithVat, toHalalas, vatRateBasisPoints } from '@tawqi/domain';
import { QuantityDialog } from '@tawqi/ui';

/** What the dialog needs of a pack: the organization's catalogue and the L1's plans both give it. */
type Pack = Pick<
  EndpointOutput<typeof CONTRACT.counterPlans>['dataList'][number],
  'paxUniqueId' | 'name' | 'salesPrice'
>;
export interface PackItem {
  paxUniqueId: string;
  quantity: number;
}

/** How many of one pack an order may hold (ours: within the contract's limit). */
const MAX_QUANTITY = 1000;

export function PackDialog({
  title,
  packs,
  vat,
  confirmLabel,
  isConfirming,
  onClose,
  onConfirm,
}: {
  title: string;
  packs: readonly Pack[];
  /** The server's VAT, in percent. */
  vat: number;
  confirmLabel: string;
  isConfirming: boolean;
  onClose: () => void;
  onConfirm: (items: PackItem[]) => void;
}) {
  const rate = vatRateBasisPoints(vat);
  return (
    <QuantityDialog
      title={title}
      items={packs.map((pack) => ({
        id: pack.paxUniqueId,
        label: pack.name,
        unitPriceMinor: toHalalas(pack.salesPrice),
        maxQuantity: MAX_QUANTITY,
      }))}
      totalsOf={(quantities) => {
        const lines = packs.map((pack) =>
          lineWithVat(toHalalas(pack.salesPrice), quantities[pack.paxUniqueId] ?? 0, rate),
        );
        const sum = (part: 'price' | 'tax' | 'totalPrice') =>
          lines.reduce((total, line) => total + line[part], 0);
        return { subtotalMinor: sum('price'), vatMinor: sum('tax'), totalMinor: sum('totalPrice') };
      }}
      currency={CURRENCY}
      confirmLabel={confirmLabel}
      isOpen
      onOpenChange={(isOpen) => {
        if (!isOpen && !isConfirming) onClose();
      }}
      onConfirm={(quantities) =>
        onConfirm(
          Object.entries(quantities)
            .filter(([, quantity]) => quantity > 0)
            .map(([paxUniqueId, quantity]) => ({ paxUniqueId, quantity })),
        )
      }
      isConfirming={isConfirming}
    />
  );
}
