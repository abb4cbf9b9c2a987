export { FilterBar, type FilterBarProps, type FilterValues } from './FilterBar.js';
