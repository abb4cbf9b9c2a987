export { SkipLink } from './SkipLink.js';
