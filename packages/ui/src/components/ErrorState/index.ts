export { ErrorState, type ErrorStateProps } from './ErrorState.js';
