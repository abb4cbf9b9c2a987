/**
 * The app's router for the components' links (Link, menu items and tabs with href): they then
 * move within the app instead of loading the page again; modified clicks still open a new tab.
 * Apart from UiProvider, so pages without such links (a public home) do not download it.
 */
import type { ReactNode } from 'react';
import { RouterProvider } from 'react-aria-components';

export interface LinkRouterProps {
  /** The app router's own navigation: called with a link's `href` (and its router options). */
  navigate: (path: string) => void;
  /** The app, or the part of it whose links move within it. */
  children: ReactNode;
}

export function LinkRouter({ navigate, children }: LinkRouterProps) {
  return <RouterProvider navigate={navigate}>{children}</RouterProvider>;
}
