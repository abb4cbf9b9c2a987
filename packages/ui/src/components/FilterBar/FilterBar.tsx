import { useState, type SyntheticEvent } from 'react';
import { useUi } from '../../provider/UiProvider.js';
import { Button } from '../Button/Button.js';
import { CheckboxGroup } from '../Checkbox/Checkbox.js';
import { DateRangePicker, type IsoDateRange } from '../DateRangePicker/DateRangePicker.js';
import { SearchField } from '../SearchField/SearchField.js';
import { actions, bar, grow } from './FilterBar.css.js';
import { withClassName, type ClassNameProp } from '../parts/className.js';

export interface FilterValues {
  search: string;
  dateRange: IsoDateRange | null;
  statuses: string[];
}

export interface FilterBarProps extends ClassNameProp {
  /** The filter shown; the owner keeps it (in the URL, say). */
  value: FilterValues;
  /** Called with the new filter when the user applies or clears it. */
  onChange: (value: FilterValues) => void;
  /** The statuses to offer, with their translated labels. */
  statusOptions?: readonly { value: string; label: string }[];
  /** The filter that "Clear filters" returns to (a grid's default statuses, say). */
  emptyValue?: FilterValues;
  /** What the search searches ("Search by order or pack"). */
  searchLabel?: string;
  /** What the dates are of ("Payment date"). */
  dateRangeLabel?: string;
  /** Disables every field, while the grid loads its first page, say. */
  isDisabled?: boolean;
}

const NOTHING: FilterValues = { search: '', dateRange: null, statuses: [] };

/**
 * Search text, a date range and a status multi-select. It emits the values and owns no rules:
 * what counts as an active search, and which statuses a grid starts on, are the app's.
 * Changes are applied together (Enter in search, or Apply), so a grid reloads once. With every
 * status unchecked nothing is applied: that reads as "none", not "all", and the group says to
 * choose at least one.
 */
export function FilterBar({
  value,
  onChange,
  statusOptions,
  emptyValue = NOTHING,
  searchLabel,
  dateRangeLabel,
  isDisabled,
  className,
}: FilterBarProps) {
  const { t } = useUi();
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  // A new value from the owner (back button, a link) replaces the draft.
  if (shown !== value) {
    setShown(value);
    setDraft(value);
  }
  const noStatus = Boolean(statusOptions?.length) && draft.statuses.length === 0;
  const [askedForStatus, setAskedForStatus] = useState(false);
  const apply = (event?: SyntheticEvent) => {
    event?.preventDefault();
    if (noStatus) {
      setAskedForStatus(true);
      return;
    }
    onChange(draft);
  };
  return (
    <form
      role="search"
      className={withClassName(bar, className)}
      onSubmit={apply}
      aria-label={searchLabel ?? t('search')}
    >
      <div className={grow}>
        <SearchField
          label={searchLabel ?? t('search')}
          value={draft.search}
          onChange={(search) => {
            setDraft({ ...draft, search });
          }}
          onClear={() => {
            setDraft({ ...draft, search: '' });
          }}
          isDisabled={isDisabled}
        />
      </div>
      <DateRangePicker
        label={dateRangeLabel ?? t('dateRange')}
        value={draft.dateRange}
        onChange={(dateRange) => {
          setDraft({ ...draft, dateRange });
        }}
        isDisabled={isDisabled}
      />
      {statusOptions?.length ? (
        <CheckboxGroup
          label={t('status')}
          options={statusOptions}
          value={draft.statuses}
          onChange={(statuses) => {
            setDraft({ ...draft, statuses });
            setAskedForStatus(false);
          }}
          isDisabled={isDisabled}
          isInvalid={askedForStatus && noStatus}
          errorMessage={t('chooseAStatus')}
        />
      ) : null}
      <div className={actions}>
        <Button
          variant="ghost"
          isDisabled={isDisabled}
          onPress={() => {
            setDraft(emptyValue);
            onChange(emptyValue);
          }}
        >
          {t('clearFilters')}
        </Button>
        <Button type="submit" isDisabled={isDisabled}>
          {t('apply')}
        </Button>
      </div>
    </form>
  );
}
