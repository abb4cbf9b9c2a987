/**
 * Whether any toast has been shown yet. The App loads the toast region with the first toast; this
 * signal is a module of its own so that the public home loads neither the queue nor the region.
 */
let shown = false;
const listeners = new Set<() => void>();

export function markToastShown(): void {
  if (shown) return;
  shown = true;
  for (const listener of listeners) listener();
}

export function subscribeToastShown(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const toastShown = (): boolean => shown;
