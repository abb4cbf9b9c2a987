import {
  Button,
  ComboBox as AriaComboBox,
  Input,
  ListBox,
  ListBoxItem,
  Popover,
  type ComboBoxProps as AriaComboBoxProps,
  type Key,
} from 'react-aria-components';
import { FieldHelp, FieldLabel, type FieldTextProps } from '../parts/FieldParts.js';
import { bareInput, field, iconButton, inputGroup, listItem, popover } from '../parts/field.css.js';
import { Icon } from '../parts/Icon.js';
import { withClassName, type ClassNameProp } from '../parts/className.js';

export interface ComboBoxOption {
  id: Key;
  label: string;
}

export interface ComboBoxProps
  extends
    ClassNameProp,
    Omit<
      AriaComboBoxProps<ComboBoxOption>,
      'className' | 'style' | 'children' | 'items' | 'defaultItems'
    >,
    FieldTextProps {
  /** The choices, each with its id and its translated label; the field filters them as the person types. */
  options: readonly ComboBoxOption[];
  /** A hint inside the empty field; never instead of the label. */
  placeholder?: string;
}

/**
 * A choice from a long list, found by typing (the list narrows to what contains the text, in the
 * locale's collation) or picked from the whole list with the button or the arrow keys. For a short
 * list, Select.
 */
export function ComboBox({
  label,
  description,
  errorMessage,
  options,
  placeholder,
  className,
  ...props
}: ComboBoxProps) {
  return (
    <AriaComboBox {...props} defaultItems={options} className={withClassName(field, className)}>
      <FieldLabel>{label}</FieldLabel>
      <div className={inputGroup}>
        <Input className={bareInput} placeholder={placeholder} />
        <Button className={iconButton}>
          <Icon name="chevronDown" />
        </Button>
      </div>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <Popover className={popover}>
        <ListBox<ComboBoxOption>>
          {(option) => (
            <ListBoxItem className={listItem} id={option.id}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaComboBox>
  );
}
