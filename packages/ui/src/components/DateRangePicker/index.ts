export {
  DateRangePicker,
  withCalendar,
  type CalendarSystem,
  type DateRangePickerProps,
  type IsoDateRange,
} from './DateRangePicker.js';
