import {
  CheckboxButton,
  CheckboxField,
  CheckboxGroup as AriaCheckboxGroup,
  type CheckboxFieldProps,
  type CheckboxGroupProps as AriaCheckboxGroupProps,
} from 'react-aria-components';
import { FieldHelp, FieldLabel, type FieldTextProps } from '../parts/FieldParts.js';
import { Icon } from '../parts/Icon.js';
import { box, checkbox, group, options as optionsClass } from './Checkbox.css.js';
import { withClassName, type ClassNameProp } from '../parts/className.js';

export interface CheckboxProps
  extends ClassNameProp, Omit<CheckboxFieldProps, 'className' | 'style' | 'children'> {
  /** The label, worded so that checked means yes. */
  children: string;
}

/** A checkbox with its label; Space toggles it. */
export function Checkbox({ children, className, ...props }: CheckboxProps) {
  return (
    <CheckboxField {...props} {...(className ? { className } : {})}>
      <CheckboxButton className={checkbox}>
        {({ isIndeterminate }) => (
          <>
            <span className={box} aria-hidden="true">
              {isIndeterminate ? '–' : <Icon name="check" size={14} />}
            </span>
            {children}
          </>
        )}
      </CheckboxButton>
    </CheckboxField>
  );
}

export interface CheckboxGroupProps
  extends
    ClassNameProp,
    Omit<AriaCheckboxGroupProps, 'className' | 'style' | 'children'>,
    FieldTextProps {
  /** The choices, each with its value and its translated label. */
  options: readonly { value: string; label: string }[];
}

/** Several checkboxes with one label: the value is the list of checked values. */
export function CheckboxGroup({
  label,
  description,
  errorMessage,
  options,
  className,
  ...props
}: CheckboxGroupProps) {
  return (
    <AriaCheckboxGroup {...props} className={withClassName(group, className)}>
      <FieldLabel>{label}</FieldLabel>
      <div className={optionsClass}>
        {options.map((option) => (
          <Checkbox key={option.value} value={option.value}>
            {option.label}
          </Checkbox>
        ))}
      </div>
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaCheckboxGroup>
  );
}
