import { Link as AriaLink, type LinkProps as AriaLinkProps } from 'react-aria-components';
import { link } from './Link.css.js';

export type LinkProps = Omit<AriaLinkProps, 'className' | 'style'>;

/** A link (React Aria: works with the app's router through RouterProvider). */
export function Link(props: LinkProps) {
  return <AriaLink {...props} className={link} />;
}
