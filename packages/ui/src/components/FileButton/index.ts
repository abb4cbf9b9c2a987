export { FileButton, type FileButtonProps } from './FileButton.js';
