/** The app's toast region (its own chunk: the App loads it with the first toast). */
import { Toaster } from '@tawqi/ui';
import { toasts } from '../toasts.js';

export default function ToastArea() {
  return <Toaster toasts={toasts} />;
}
