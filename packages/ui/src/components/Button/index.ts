export { Button, type ButtonProps } from './Button.js';
export { button as buttonStyle, type ButtonVariants } from './Button.css.js';
