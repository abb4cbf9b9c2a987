export {
  TOAST_LIMITS,
  Toaster,
  createToastQueue,
  type AppToastQueue,
  type ToastMessage,
  type ToastVariant,
} from './Toast.js';
