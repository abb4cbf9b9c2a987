export {
  QuantityDialog,
  type QuantityDialogProps,
  type QuantityItem,
  type QuantityTotals,
} from './QuantityDialog.js';
