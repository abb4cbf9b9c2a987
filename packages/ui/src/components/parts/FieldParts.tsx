/** The label, help text and error every field shows, styled once. */
import { FieldError, Label, Text, type ValidationResult } from 'react-aria-components';
import { useUi } from '../../provider/UiProvider.js';
import type { UiStringKey } from '../../provider/strings.js';
import { description as descriptionClass, error, label as labelClass } from './field.css.js';

export interface FieldTextProps {
  /** The field's visible label. */
  label?: string | undefined;
  /** Help under the field: the format, or a limit ("Left to allocate: 2,400"). */
  description?: string | undefined;
  /** What is wrong with the value, shown and announced when the field is invalid; keep the person's value. */
  errorMessage?: string | undefined;
}

export function FieldLabel({ children }: { children?: string | undefined }) {
  return children ? <Label className={labelClass}>{children}</Label> : null;
}

/**
 * What a field's own check found, as a key of the ui's strings. React Aria words these in the
 * browser's language, not the page's (an English browser would put English on an Arabic page), so
 * they are said here instead; a caller's own `validate` message (a custom error) is kept as given.
 */
export function validationMessageKey({
  validationDetails: details,
}: ValidationResult): UiStringKey | null {
  if (details.customError) return null;
  if (details.valueMissing) return 'valueMissing';
  // A reversed date range is reported as both below and above.
  if (details.rangeUnderflow && details.rangeOverflow) return 'rangeReversed';
  if (details.rangeUnderflow) return 'rangeUnderflow';
  if (details.rangeOverflow) return 'rangeOverflow';
  if (details.badInput) return 'unavailable';
  if (details.valid) return null;
  return 'badFormat';
}

export function FieldHelp({ description, errorMessage }: Omit<FieldTextProps, 'label'>) {
  const { t } = useUi();
  return (
    <>
      {description ? (
        <Text slot="description" className={descriptionClass}>
          {description}
        </Text>
      ) : null}
      <FieldError className={error}>
        {(validation) => {
          if (errorMessage) return errorMessage;
          const key = validationMessageKey(validation);
          return key ? t(key) : validation.validationErrors.join(' ');
        }}
      </FieldError>
    </>
  );
}
