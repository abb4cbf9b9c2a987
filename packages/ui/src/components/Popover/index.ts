export { Popover, type PopoverProps } from './Popover.js';
