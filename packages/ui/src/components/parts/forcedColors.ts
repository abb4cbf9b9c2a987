/**
 * High contrast (Windows' forced colours): the system replaces every colour and drops
 * backgrounds, so a mark, a fill or a selection drawn only with a background vanishes. These keep
 * them, in the system's own colours. A plain object, as focusRing.
 */
export const FORCED_COLORS = '(forced-colors: active)';

/** A shape drawn by its background (a badge's mark, a meter's fill): kept, in the text colour. */
export const forcedFill = { forcedColorAdjust: 'none', backgroundColor: 'CanvasText' } as const;

/** A selected or active thing shown by its background: the system's highlight. */
export const forcedHighlight = {
  forcedColorAdjust: 'none',
  backgroundColor: 'Highlight',
  color: 'HighlightText',
} as const;
