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
    const arrive = (): boolean => {
      // The visible one: while the next page's code loads, React keeps the last page hidden.
      const heading = [...container.querySelectorAll('h1')].find((h1) => h1.checkVisibility());
      if (!heading?.textContent) return false;
      document.title = pageTitle(heading.textContent.trim(), brand);
      const active = document.activeElement;
      // Focus on the new page, or in a dialog opened over it, stays where it is.
      const keptOnPage =
        active instanceof HTMLElement &&
        active.checkVisibility() &&
        (container.contains(active) || active.closest('[role="dialog"], [role="alertdialog"]'));
      if (moveFocus && !keptOnPage) {
        heading.tabIndex = -1;
        heading.focus();
      }
      return true;
    };
    if (arrive()) return;
    // The page's code or heading may still be loading.
    const observer = new MutationObserver(() => {
      if (arrive()) observer.disconnect();
    });
    observer.observe(container, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['style', 'hidden'],
    });
    return () => {
      observer.disconnect();
    };
  }, [location, language, brand]);
}
