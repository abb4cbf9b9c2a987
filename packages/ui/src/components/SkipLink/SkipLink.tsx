import { useUi } from '../../provider/UiProvider.js';
import { skipLink } from './SkipLink.css.js';
import { withClassName, type ClassNameProp } from '../parts/className.js';

/**
 * The first stop of the keyboard: hidden until focused, it jumps past the header to the page's
 * main content (`targetId`, an element that takes focus, e.g. `<main tabIndex={-1}>`).
 */
export function SkipLink({ targetId, className }: { targetId: string } & ClassNameProp) {
  const { t } = useUi();
  return (
    <a className={withClassName(skipLink, className)} href={`#${targetId}`}>
      {t('skipToContent')}
    </a>
  );
}
