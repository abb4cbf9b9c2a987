import { Button as AriaButton, useLocale } from 'react-aria-components';
import { useUi } from '../../provider/UiProvider.js';
import { iconButton } from '../parts/field.css.js';
import { Icon } from '../parts/Icon.js';
import { controls, nav, pageText, summary } from './Pagination.css.js';
import { withClassName, type ClassNameProp } from '../parts/className.js';

export interface PaginationProps extends ClassNameProp {
  /** The current page, from 1. */
  page: number;
  /** Rows per page. */
  pageSize: number;
  /** Every row on the server, for the range and the last page. */
  totalCount: number;
  /** Called with the page the person asks for. */
  onPageChange: (page: number) => void;
  /** Disables the buttons, while a page loads, say. */
  isDisabled?: boolean;
}

/**
 * Server-driven paging: first, previous, next and last, the page "N of M" and the rows shown,
 * with numbers in the locale's digits. Arrow icons mirror in right-to-left.
 */
export function Pagination({
  page,
  pageSize,
  totalCount,
  onPageChange,
  isDisabled,
  className,
}: PaginationProps) {
  const { t } = useUi();
  const { locale } = useLocale();
  const number = new Intl.NumberFormat(locale);
  const pages = Math.max(1, Math.ceil(totalCount / pageSize));
  const first = totalCount === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, totalCount);
  const go = (target: number) => {
    onPageChange(Math.min(Math.max(1, target), pages));
  };
  const button = (
    label: string,
    icon: Parameters<typeof Icon>[0]['name'],
    target: number,
    disabled: boolean,
  ) => (
    <AriaButton
      className={iconButton}
      aria-label={label}
      isDisabled={Boolean(isDisabled) || disabled}
      onPress={() => {
        go(target);
      }}
    >
      <Icon name={icon} />
    </AriaButton>
  );
  return (
    <nav aria-label={t('pagination')} className={withClassName(nav, className)}>
      <span className={summary}>
        {t('rowsOf', {
          first: number.format(first),
          last: number.format(last),
          total: number.format(totalCount),
        })}
      </span>
      <div className={controls}>
        {button(t('firstPage'), 'firstPage', 1, page <= 1)}
        {button(t('previousPage'), 'chevronStart', page - 1, page <= 1)}
        <span className={pageText} aria-current="page">
          {t('pageOf', { page: number.format(page), pages: number.format(pages) })}
        </span>
        {button(t('nextPage'), 'chevronEnd', page + 1, page >= pages)}
        {button(t('lastPage'), 'lastPage', pages, page >= pages)}
      </div>
    </nav>
  );
}
