/**
 * Screens load lazily, and a page opened from its address loads the code it needs before its
 * first render, all at once (main.tsx): a lazy component whose code is already here renders at
 * once instead of suspending. Every suspension costs more than its download: React shows a
 * fallback and reveals the content no sooner than 300 ms later, so a chain of them (layout, then
 * screen, then the session check) had made a signed-in page wait over a second on loopback.
 */
import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';

interface Module<T> {
  default: T;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component's props
export type Preloadable<T extends ComponentType<any>> = LazyExoticComponent<T> & {
  preload: () => Promise<unknown>;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component's props
export function preloadable<T extends ComponentType<any>>(
  load: () => Promise<Module<T>>,
): Preloadable<T> {
  let loaded: Module<T> | null = null;
  let loading: Promise<Module<T>> | null = null;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module;
      return module;
    }));
  // React.lazy settles a thenable that answers synchronously without suspending: code already
  // loaded is handed over that way.
  const component = lazy(() =>
    loaded
      ? ({
          then: (resolve: (module: Module<T>) => void) => {
            if (loaded) resolve(loaded);
          },
        } as unknown as Promise<Module<T>>)
      : preload(),
  );
  return Object.assign(component, { preload });
}

/** Loads the code of an element whose component is preloadable (anything else has none to load). */
export function preloadElement(element: ReactNode): Promise<unknown> {
  if (element && typeof element === 'object' && 'type' in element) {
    const type: unknown = element.type;
    if (type && typeof type === 'object' && 'preload' in type && typeof type.preload === 'function')
      return (type.preload as () => Promise<unknown>)();
  }
  return Promise.resolve();
}
