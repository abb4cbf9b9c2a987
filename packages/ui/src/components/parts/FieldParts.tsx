/** The label, help text and error every field shows, styled once. */
import { FieldError, Label, Text } from 'react-aria-components';
import { description as descriptionClass, error, label as labelClass } from './field.css.js';

export interface FieldTextProps {
  label?: string | undefined;
  description?: string | undefined;
  errorMessage?: string | undefined;
}

export function FieldLabel({ children }: { children?: string | undefined }) {
  return children ? <Label className={labelClass}>{children}</Label> : null;
}

export function FieldHelp({ description, errorMessage }: Omit<FieldTextProps, 'label'>) {
  return (
    <>
      {description ? (
        <Text slot="description" className={descriptionClass}>
          {description}
        </Text>
      ) : null}
      <FieldError className={error}>{errorMessage}</FieldError>
    </>
  );
}
