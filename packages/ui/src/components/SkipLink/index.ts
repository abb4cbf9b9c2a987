export { SkipLink, type SkipLinkProps } from './SkipLink.js';
