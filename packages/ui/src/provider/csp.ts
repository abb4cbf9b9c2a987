/**
 * For apps with a strict Content-Security-Policy: React Aria adds an inline <style> for pressable
 * elements unless an element with its id exists. The rule is in this package's theme styles (which
 * come with `UiProvider`), so a
 * marker with that id makes React Aria skip the inline style (which the CSP would refuse).
 * Call once before rendering.
 */
export const REACT_ARIA_PRESSABLE_STYLE_ID = 'react-aria-pressable-style';

export function installCspSafeStyles(document: Document = globalThis.document): void {
  if (document.getElementById(REACT_ARIA_PRESSABLE_STYLE_ID)) return;
  const marker = document.createElement('meta');
  marker.id = REACT_ARIA_PRESSABLE_STYLE_ID;
  marker.setAttribute('name', 'react-aria-pressable-style');
  marker.setAttribute('content', 'provided by the @tawqi/ui theme styles');
  document.head.append(marker);
}
