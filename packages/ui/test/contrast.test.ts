/**
 * The theme's colour pairs keep WCAG's contrast in both themes (the tokens page shows the same
 * figures): text 4.5:1, the focus ring and control borders 3:1.
 */
import { describe, expect, it } from 'vitest';
import { contrastRatio, themeContrasts } from '../src/docs/contrast.js';

describe('contrast', () => {
  it('measures as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // WebAIM's checker: #767676 on white is 4.54:1.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it.each(themeContrasts())(
    '$foreground on $background: at least $minimum:1 in both themes',
    ({ light, dark, minimum }) => {
      expect(light).toBeGreaterThanOrEqual(minimum);
      expect(dark).toBeGreaterThanOrEqual(minimum);
    },
  );
});
