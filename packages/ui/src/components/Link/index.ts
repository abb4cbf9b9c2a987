export { Link, type LinkProps } from './Link.js';
export { link as linkStyle } from './Link.css.js';
