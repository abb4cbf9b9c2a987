export {
  DataGrid,
  type DataGridColumn,
  type DataGridProps,
  type SortDescriptor,
  type SortDirection,
} from './DataGrid.js';
