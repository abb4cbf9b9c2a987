/**
 * Focus on what went wrong (issue 38, item 10): after a refused submit, the first field marked
 * invalid, else the form's alert, takes focus — the keyboard is where the fix is, and a screen
 * reader reads the field with its error. Each refusal counts, the same one twice included.
 */
import { useEffect, type RefObject } from 'react';

export function useFocusOnProblem(
  container: RefObject<HTMLElement | null>,
  /** Goes up with every refused submit (0: none yet). */
  refusals: number,
): void {
  useEffect(() => {
    if (refusals === 0 || !container.current) return;
    const target =
      container.current.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      container.current.querySelector<HTMLElement>('[role="alert"]');
    if (!target) return;
    if (!target.matches('input, select, textarea, button, [tabindex]')) target.tabIndex = -1;
    target.focus();
  }, [container, refusals]);
}
