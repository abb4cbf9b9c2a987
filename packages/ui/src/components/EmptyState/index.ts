export { EmptyState, type EmptyStateProps } from './EmptyState.js';
