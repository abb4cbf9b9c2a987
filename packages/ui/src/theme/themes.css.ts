/**
 * Light, dark and system themes (STYLE.md 4): light on `:root` and on `.tawqi-theme-light`; dark
 * overrides colours only; "system" follows `prefers-color-scheme` live through a media query, so no
 * script has to watch it. `color-scheme` is set so native controls and scrollbars follow.
 */
import { assignVars, createGlobalTheme, globalStyle } from '@vanilla-extract/css';
import { vars } from './contract.css.js';

import { darkColors, lightColors, sharedTokens } from './values.js';

export { darkColors, lightColors, sharedTokens };

/** Class names that pick a theme on any element; `:root` has the light theme by default. */
export const THEME_CLASSES = {
  light: 'tawqi-theme-light',
  dark: 'tawqi-theme-dark',
  system: 'tawqi-theme-system',
} as const;

createGlobalTheme(`:root, .${THEME_CLASSES.light}, .${THEME_CLASSES.system}`, vars, {
  ...sharedTokens,
  color: lightColors,
});
createGlobalTheme(`.${THEME_CLASSES.dark}`, vars.color, darkColors);

globalStyle(`:root, .${THEME_CLASSES.light}`, { colorScheme: 'light' });
globalStyle(`.${THEME_CLASSES.dark}`, { colorScheme: 'dark' });
globalStyle(`.${THEME_CLASSES.system}`, {
  colorScheme: 'light dark',
  '@media': { '(prefers-color-scheme: dark)': { vars: assignVars(vars.color, darkColors) } },
});

globalStyle(`.${THEME_CLASSES.light}, .${THEME_CLASSES.dark}, .${THEME_CLASSES.system}`, {
  backgroundColor: vars.color.background,
  color: vars.color.text,
  fontFamily: vars.font.family,
  fontSize: vars.font.sizeMd,
  lineHeight: vars.font.lineHeight,
});

/**
 * The rule React Aria injects as an inline <style> for pressable elements. Under a strict
 * Content-Security-Policy (no 'unsafe-inline') the injected element is refused, so it lives here
 * instead; `installCspSafeStyles()` tells React Aria it is present.
 */
globalStyle('[data-react-aria-pressable]', { touchAction: 'pan-x pan-y pinch-zoom' });
