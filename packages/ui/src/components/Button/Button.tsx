import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { Spinner } from '../Spinner/Spinner.js';
import { button, type ButtonVariants } from './Button.css.js';
import { withClassName, type ClassNameProp } from '../parts/className.js';

export interface ButtonProps extends ClassNameProp, Omit<AriaButtonProps, 'className' | 'style'> {
  /** `primary` for the one main action of a view, `secondary` for the others, `ghost` for quiet ones, `danger` for what destroys. */
  variant?: ButtonVariants['variant'];
  /** `medium` by default; `small` inside dense places such as a grid cell. */
  size?: ButtonVariants['size'];
}

/**
 * A button (React Aria: press, keyboard, focus-visible). While `isPending` it keeps its label
 * for layout, shows a spinner, and is announced as busy.
 */
export function Button({ variant, size, children, isPending, className, ...props }: ButtonProps) {
  return (
    <AriaButton
      {...props}
      isPending={isPending ?? false}
      className={withClassName(button({ variant, size }), className)}
    >
      {(state) => (
        <>
          {isPending ? <Spinner size="small" /> : null}
          {typeof children === 'function' ? children(state) : children}
        </>
      )}
    </AriaButton>
  );
}
