import {
  Group,
  Input,
  NumberField as AriaNumberField,
  type NumberFieldProps as AriaNumberFieldProps,
} from 'react-aria-components';
import { FieldHelp, FieldLabel, type FieldTextProps } from '../parts/FieldParts.js';
import { bareInput, field, inputGroup } from '../parts/field.css.js';

export interface NumberFieldProps
  extends Omit<AriaNumberFieldProps, 'className' | 'style'>, FieldTextProps {
  placeholder?: string;
}

/**
 * A number input formatted and parsed in the provider's locale: in Arabic it shows Arabic-Indic
 * digits and reads both those and ASCII digits as typed (React Aria's NumberParser). Arrow keys
 * step the value.
 */
export function NumberField({
  label,
  description,
  errorMessage,
  placeholder,
  ...props
}: NumberFieldProps) {
  return (
    <AriaNumberField {...props} className={field}>
      <FieldLabel>{label}</FieldLabel>
      <Group className={inputGroup}>
        <Input className={bareInput} placeholder={placeholder} />
      </Group>
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaNumberField>
  );
}
