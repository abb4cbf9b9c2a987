export { Toaster, type ToasterProps } from './Toast.js';
export {
  TOAST_LIMITS,
  createToastQueue,
  type AppToastQueue,
  type ToastMessage,
  type ToastVariant,
} from './queue.js';
