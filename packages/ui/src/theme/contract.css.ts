/**
 * The global theme contract: every colour, space, radius, font and shadow as a CSS custom property
 * with a readable name (`--tawqi-color-accent`), so other products can theme the components by
 * setting variables, without our build.
 */
import { createGlobalThemeContract } from '@vanilla-extract/css';

const tokens = {
  color: {
    background: '',
    surface: '',
    surfaceRaised: '',
    surfaceSunken: '',
    text: '',
    textMuted: '',
    textOnAccent: '',
    textOnDanger: '',
    border: '',
    borderStrong: '',
    accent: '',
    accentHover: '',
    accentPressed: '',
    focusRing: '',
    danger: '',
    dangerSurface: '',
    dangerText: '',
    success: '',
    successSurface: '',
    successText: '',
    warning: '',
    warningSurface: '',
    warningText: '',
    info: '',
    infoSurface: '',
    infoText: '',
    neutralSurface: '',
    neutralText: '',
    overlay: '',
    skeleton: '',
  },
  space: { none: '', xxs: '', xs: '', sm: '', md: '', lg: '', xl: '', xxl: '' },
  radius: { sm: '', md: '', lg: '', pill: '' },
  font: {
    family: '',
    familyMono: '',
    sizeSm: '',
    sizeMd: '',
    sizeLg: '',
    sizeXl: '',
    sizeXxl: '',
    weightRegular: '',
    weightMedium: '',
    weightBold: '',
    lineHeight: '',
  },
  shadow: { sm: '', md: '', lg: '' },
  motion: { fast: '', normal: '' },
};

export const vars = createGlobalThemeContract(tokens, (_value, path) => `tawqi-${path.join('-')}`);
