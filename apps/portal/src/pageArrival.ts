/**
 * Arriving at a page (issue 12, "smaller"): the window's title names the page, in its language,
 * and after an in-app navigation focus moves to the page's heading, so a screen reader announces
 * where the person is and the keyboard starts from there. Both come from the page's one <h1>,
 * so no route table of titles can drift from what the page says. The first page of a visit keeps
 * focus at the top, where the skip link is.
 *
 * The last page arrived at is the visit's, not a layout's (issue 38): signing in goes from the
 * sign-in page's layout to the area's, and is an in-app navigation like any other. Focus that
 * was left on the page going away (hidden while the next one loads) does not keep it.
 */
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { languageAtom } from './state/atoms.js';

/** The title of a page: its heading, then the brand. */
export function pageTitle(heading: string, brand: string): string {
  return heading ? `${heading} · ${brand}` : brand;
}

/** Where the visit last arrived, across layouts (null: the visit's first page is still ahead). */
let arrivedAt: string | null = null;

/** A new visit (each story is one): its first page keeps focus at the top. */
export function resetPageArrival(): void {
  arrivedAt = null;
}

/** Called once by each layout; it reads the layout's <main>. */
export function usePageArrival(): void {
  const [location] = useLocation();
  const language = useAtomValue(languageAtom);
  const { t } = useTranslation('header');
  const brand = t('brand');

  useEffect(() => {
    const container = document.querySelector('main');
    if (!container) return;
    // A new path moves focus (not the first page, not a change of language or of the query).
    const moveFocus = arrivedAt !== null && arrivedAt !== location;
    arrivedAt = location;
    // The visible one: while the next page's code loads, React keeps the last page hidden.
    const visibleHeading = () =>
      [...container.querySelectorAll('h1')].find((h1) => h1.checkVisibility());
    const focusHeading = (heading: HTMLElement) => {
      heading.tabIndex = -1;
      heading.focus();
    };
    /**
     * Focus given to the heading is guarded until the person acts: a page that suspends again
     * after it first showed (a part of it loading its words or code) is hidden meanwhile, and
     * the browser drops focus from what it hides (the buy-plans page lost it so, issue 38).
     */
    const focus = { guarded: false };
    const arrive = (): boolean => {
      const heading = visibleHeading();
      if (!heading?.textContent) return false;
      document.title = pageTitle(heading.textContent.trim(), brand);
      const active = document.activeElement;
      // Focus on the new page, or in a dialog opened over it, stays where it is.
      const keptOnPage =
        active instanceof HTMLElement &&
        active.checkVisibility() &&
        (container.contains(active) || active.closest('[role="dialog"], [role="alertdialog"]'));
      if (moveFocus && !keptOnPage) {
        focusHeading(heading);
        focus.guarded = true;
      }
      return true;
    };
    const arrived = arrive();
    if (arrived && !focus.guarded) return;
    let waiting = !arrived;
    const observer = new MutationObserver(() => {
      if (waiting) {
        waiting = !arrive();
      } else if (focus.guarded && document.activeElement === document.body) {
        const heading = visibleHeading();
        if (heading) focusHeading(heading);
      }
      if (!waiting && !focus.guarded) observer.disconnect();
    });
    observer.observe(container, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['style', 'hidden'],
    });
    // The person pressed, clicked or moved focus elsewhere: where focus goes is theirs.
    const ownFocus = (event: Event) => {
      if (
        event.type === 'focusin' &&
        event.target instanceof HTMLElement &&
        event.target.tagName === 'H1'
      )
        return;
      focus.guarded = false;
    };
    const events = ['keydown', 'pointerdown', 'focusin'] as const;
    for (const type of events) document.addEventListener(type, ownFocus, true);
    return () => {
      observer.disconnect();
      for (const type of events) document.removeEventListener(type, ownFocus, true);
    };
  }, [location, language, brand]);
}
