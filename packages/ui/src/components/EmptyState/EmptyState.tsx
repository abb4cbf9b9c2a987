import type { ReactNode } from 'react';
import { useUi } from '../../provider/UiProvider.js';
import { Icon } from '../parts/Icon.js';
import { state, text, title as titleClass } from './EmptyState.css.js';
import { withClassName, type ClassNameProp } from '../parts/className.js';

export interface EmptyStateProps extends ClassNameProp {
  /** "No results" by default. */
  title?: string;
  /** One sentence on why it is empty or what comes next. */
  description?: string;
  /** An action, such as "Buy a plan" or "Clear filters". */
  action?: ReactNode;
}

/** What a list shows when it has nothing: a title, an explanation and what to do next. */
export function EmptyState({ title, description, action, className }: EmptyStateProps) {
  const { t } = useUi();
  return (
    <div className={withClassName(state, className)}>
      <Icon name="inbox" size={40} />
      <p className={titleClass}>{title ?? t('noResults')}</p>
      {description ? <p className={text}>{description}</p> : null}
      {action}
    </div>
  );
}
