import { useUi } from '../../provider/UiProvider.js';
import { skipLink } from './SkipLink.css.js';
import { withClassName, type ClassNameProp } from '../parts/className.js';

export interface SkipLinkProps extends ClassNameProp {
  /** The id of the page's main content, an element that takes focus (`<main tabIndex={-1}>`). */
  targetId: string;
}

/**
 * The first stop of the keyboard: hidden until focused, it jumps past the header to the page's
 * main content. Its words are the provider's ("Skip to content", «انتقل إلى المحتوى»). It moves
 * focus itself rather than leaving it to the browser's fragment navigation, which puts the id in
 * the address and, under a router or a `<base>`, may leave the page instead; the `href` stays for
 * a page rendered without script.
 */
export function SkipLink({ targetId, className }: SkipLinkProps) {
  const { t } = useUi();
  return (
    <a
      className={withClassName(skipLink, className)}
      href={`#${targetId}`}
      onClick={(event) => {
        const target = event.currentTarget.ownerDocument.getElementById(targetId);
        if (!target) return;
        event.preventDefault();
        // Focusable as the target of a jump, not as a stop of Tab.
        if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
        target.focus();
      }}
    >
      {t('skipToContent')}
    </a>
  );
}
