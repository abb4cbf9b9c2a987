/**
 * The illustrations' colours are the theme's, so they follow light and dark; none of them holds
 * text, and none points a way, so they read the same in Arabic and English.
 */
import { style } from '@vanilla-extract/css';
import { vars } from '@tawqi/ui';

export const art = style({ display: 'block', inlineSize: '100%', blockSize: 'auto' });
export const paper = style({ fill: vars.color.surfaceRaised, stroke: vars.color.borderStrong });
export const sunken = style({ fill: vars.color.surfaceSunken, stroke: 'none' });
export const line = style({ stroke: vars.color.border, strokeLinecap: 'round', fill: 'none' });
export const ink = style({ stroke: vars.color.text, fill: 'none', strokeLinecap: 'round' });
export const accent = style({ fill: vars.color.accent, stroke: 'none' });
export const accentLine = style({
  stroke: vars.color.accent,
  fill: 'none',
  strokeLinecap: 'round',
});
export const onAccent = style({
  stroke: vars.color.textOnAccent,
  fill: 'none',
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
});
export const success = style({ fill: vars.color.success, stroke: 'none' });
export const successSoft = style({ fill: vars.color.successSurface, stroke: 'none' });
