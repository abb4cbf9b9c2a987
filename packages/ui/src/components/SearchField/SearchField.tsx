import {
  Button,
  Input,
  SearchField as AriaSearchField,
  type SearchFieldProps as AriaSearchFieldProps,
} from 'react-aria-components';
import { useUi } from '../../provider/UiProvider.js';
import { FieldHelp, FieldLabel, type FieldTextProps } from '../parts/FieldParts.js';
import { bareInput, field, iconButton, inputGroup } from '../parts/field.css.js';
import { Icon } from '../parts/Icon.js';
import { withClassName, type ClassNameProp } from '../parts/className.js';

export interface SearchFieldProps
  extends ClassNameProp, Omit<AriaSearchFieldProps, 'className' | 'style'>, FieldTextProps {
  /** A hint inside the empty field; never instead of the label. */
  placeholder?: string;
}

/** A search box: Escape or the clear button empties it; Enter submits. */
export function SearchField({
  label,
  description,
  errorMessage,
  placeholder,
  className,
  ...props
}: SearchFieldProps) {
  const { t } = useUi();
  return (
    <AriaSearchField
      {...props}
      aria-label={label ? undefined : t('search')}
      className={withClassName(field, className)}
    >
      {({ isEmpty }) => (
        <>
          <FieldLabel>{label}</FieldLabel>
          <div className={inputGroup} data-search-group>
            <Icon name="search" />
            <Input className={bareInput} placeholder={placeholder} />
            {isEmpty ? null : (
              <Button className={iconButton} aria-label={t('clearSearch')}>
                <Icon name="close" size={16} />
              </Button>
            )}
          </div>
          <FieldHelp description={description} errorMessage={errorMessage} />
        </>
      )}
    </AriaSearchField>
  );
}
