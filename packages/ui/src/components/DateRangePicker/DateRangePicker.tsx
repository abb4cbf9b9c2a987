import { parseDate, type CalendarDate } from '@internationalized/date';
import {
  Button,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DateRangePicker as AriaDateRangePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  I18nProvider,
  Popover,
  RangeCalendar,
  useLocale,
  type DateRangePickerProps as AriaDateRangePickerProps,
} from 'react-aria-components';
import { useUi } from '../../provider/UiProvider.js';
import { FieldHelp, FieldLabel, type FieldTextProps } from '../parts/FieldParts.js';
import { field, iconButton, inputGroup, popover } from '../parts/field.css.js';
import { Icon } from '../parts/Icon.js';
import {
  calendarButton,
  calendarDialog,
  calendarHeader,
  cell,
  dash,
  dateInput,
  grid,
  rangeGroup,
  segment,
} from './DateRangePicker.css.js';
import { withClassName, type ClassNameProp } from '../parts/className.js';

/** A range of ISO dates (yyyy-mm-dd); either end may be open. */
export interface IsoDateRange {
  from: string | null;
  to: string | null;
}

export type CalendarSystem = 'gregory' | 'islamic-umalqura';

export interface DateRangePickerProps
  extends
    ClassNameProp,
    Omit<
      AriaDateRangePickerProps<CalendarDate>,
      'className' | 'style' | 'value' | 'defaultValue' | 'onChange' | 'minValue' | 'maxValue'
    >,
    FieldTextProps {
  /** The chosen range as ISO dates (`{ from, to }`), for a controlled picker. */
  value?: IsoDateRange | null;
  /** The range an uncontrolled picker starts with. */
  defaultValue?: IsoDateRange | null;
  /** Called with the new range as ISO dates, or null when cleared. */
  onChange?: (range: IsoDateRange | null) => void;
  /** Earliest and latest selectable ISO dates. */
  min?: string;
  /** The latest selectable ISO date. */
  max?: string;
  /**
   * The calendar shown, pinned explicitly whatever the locale's default (ar-SA's is Umm al-Qura):
   * Gregorian unless asked otherwise.
   */
  calendar?: CalendarSystem;
}

function toRange(range: IsoDateRange | null | undefined) {
  return range?.from && range.to
    ? { start: parseDate(range.from), end: parseDate(range.to) }
    : null;
}

/** The locale with its calendar replaced: `ar-SA-u-ca-gregory` → `ar-SA-u-ca-islamic-umalqura`. */
export function withCalendar(locale: string, calendar: CalendarSystem): string {
  const base = locale.replace(/-u-.*$/, '');
  return `${base}-u-ca-${calendar}`;
}

/** Two dates typed segment by segment or picked on a calendar; Escape closes the calendar. */
export function DateRangePicker({
  label,
  description,
  errorMessage,
  value,
  defaultValue,
  onChange,
  min,
  max,
  calendar = 'gregory',
  className,
  ...props
}: DateRangePickerProps) {
  const { locale } = useLocale();
  return (
    <I18nProvider locale={withCalendar(locale, calendar)}>
      <AriaDateRangePicker
        {...props}
        {...(value === undefined ? {} : { value: toRange(value) })}
        {...(defaultValue === undefined ? {} : { defaultValue: toRange(defaultValue) })}
        {...(min ? { minValue: parseDate(min) } : {})}
        {...(max ? { maxValue: parseDate(max) } : {})}
        onChange={(range) =>
          onChange?.(range ? { from: range.start.toString(), to: range.end.toString() } : null)
        }
        className={withClassName(field, className)}
      >
        <FieldLabel>{label}</FieldLabel>
        <Group className={`${inputGroup} ${rangeGroup}`}>
          <DateInput slot="start" className={dateInput}>
            {(part) => <DateSegment segment={part} className={segment} />}
          </DateInput>
          <span aria-hidden="true" className={dash}>
            –
          </span>
          <DateInput slot="end" className={dateInput}>
            {(part) => <DateSegment segment={part} className={segment} />}
          </DateInput>
          <CalendarButton />
        </Group>
        <FieldHelp description={description} errorMessage={errorMessage} />
        <Popover className={popover}>
          <Dialog className={calendarDialog}>
            <RangeCalendar>
              <header className={calendarHeader}>
                <Button slot="previous" className={iconButton}>
                  <Icon name="chevronStart" />
                </Button>
                <Heading />
                <Button slot="next" className={iconButton}>
                  <Icon name="chevronEnd" />
                </Button>
              </header>
              <CalendarGrid className={grid}>
                {(date) => <CalendarCell date={date} className={cell} />}
              </CalendarGrid>
            </RangeCalendar>
          </Dialog>
        </Popover>
      </AriaDateRangePicker>
    </I18nProvider>
  );
}

function CalendarButton() {
  const { t } = useUi();
  return (
    <Button className={`${iconButton} ${calendarButton}`} aria-label={t('dateRange')}>
      <Icon name="calendar" />
    </Button>
  );
}
