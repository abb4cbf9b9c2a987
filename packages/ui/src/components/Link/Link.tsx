import { Link as AriaLink, type LinkProps as AriaLinkProps } from 'react-aria-components';
import { link } from './Link.css.js';
import { withClassName, type ClassNameProp } from '../parts/className.js';

export type LinkProps = Omit<AriaLinkProps, 'className' | 'style'> & ClassNameProp;

/** A link (React Aria: works with the app's router through RouterProvider). */
export function Link({ className, ...props }: LinkProps) {
  return <AriaLink {...props} className={withClassName(link, className)} />;
}
