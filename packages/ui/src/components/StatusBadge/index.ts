export { StatusBadge, type StatusBadgeProps, type Tone } from './StatusBadge.js';
