import {
  Input,
  TextArea,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import { FieldHelp, FieldLabel, type FieldTextProps } from '../parts/FieldParts.js';
import { field, input } from '../parts/field.css.js';
import { withClassName, type ClassNameProp } from '../parts/className.js';

export interface TextFieldProps
  extends ClassNameProp, Omit<AriaTextFieldProps, 'className' | 'style'>, FieldTextProps {
  /** A hint inside the empty field; never instead of the label. */
  placeholder?: string;
  /** Several lines (a text area). */
  multiline?: boolean;
}

/** A labelled text input with help text and a validation message. */
export function TextField({
  label,
  description,
  errorMessage,
  placeholder,
  multiline,
  className,
  ...props
}: TextFieldProps) {
  return (
    <AriaTextField {...props} className={withClassName(field, className)}>
      <FieldLabel>{label}</FieldLabel>
      {multiline ? (
        <TextArea className={input} placeholder={placeholder} rows={4} />
      ) : (
        <Input className={input} placeholder={placeholder} />
      )}
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaTextField>
  );
}
