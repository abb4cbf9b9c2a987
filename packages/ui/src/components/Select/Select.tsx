import {
  Button,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
  type Key,
  type SelectProps as AriaSelectProps,
} from 'react-aria-components';
import { FieldHelp, FieldLabel, type FieldTextProps } from '../parts/FieldParts.js';
import { field, inputGroup, listItem, popover } from '../parts/field.css.js';
import { Icon } from '../parts/Icon.js';
import { selectValue } from './Select.css.js';
import { withClassName, type ClassNameProp } from '../parts/className.js';

export interface SelectOption {
  id: Key;
  label: string;
  isDisabled?: boolean;
}

export interface SelectProps
  extends
    ClassNameProp,
    Omit<AriaSelectProps<SelectOption>, 'className' | 'style' | 'children'>,
    FieldTextProps {
  /** The choices, each with its id and its translated label. */
  options: readonly SelectOption[];
}

/**
 * A single choice from a list: a button that opens a listbox (type-ahead, arrows, Enter). With no
 * options yet (a list still loading) it is disabled: React Aria does not open an empty list, so the
 * button would take a click and do nothing.
 */
export function Select({
  label,
  description,
  errorMessage,
  options,
  className,
  ...props
}: SelectProps) {
  const disabledKeys = options.filter((option) => option.isDisabled).map((option) => option.id);
  return (
    <AriaSelect
      {...props}
      isDisabled={props.isDisabled === true || options.length === 0}
      disabledKeys={disabledKeys}
      className={withClassName(field, className)}
    >
      <FieldLabel>{label}</FieldLabel>
      <Button className={inputGroup}>
        <SelectValue className={selectValue} />
        <Icon name="chevronDown" />
      </Button>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <Popover className={popover}>
        <ListBox items={options}>
          {(option) => (
            <ListBoxItem className={listItem} id={option.id}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
