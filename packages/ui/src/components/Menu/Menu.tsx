import type { ReactNode } from 'react';
import {
  Menu as AriaMenu,
  MenuItem,
  MenuTrigger,
  Popover,
  Separator,
  type Key,
} from 'react-aria-components';
import { listItem, popover } from '../parts/field.css.js';
import { separator } from './Menu.css.js';
import { withClassName, type ClassNameProp } from '../parts/className.js';

export interface MenuAction {
  id: Key;
  label: string;
  isDisabled?: boolean;
  /** Draw a separator before this item. */
  separated?: boolean;
  /** A link target instead of an action. */
  href?: string;
}

export interface MenuProps extends ClassNameProp {
  /** The button that opens the menu (a ui Button). */
  trigger: ReactNode;
  /** The menu's name, for screen readers. */
  label: string;
  /** The actions, each with its id and its translated label. */
  items: readonly MenuAction[];
  /** Called with the id of the chosen action. */
  onAction?: (id: Key) => void;
}

/** A menu of actions: arrows move, Enter picks, Escape closes and returns focus to the trigger. */
export function Menu({ trigger, label, items, onAction, className }: MenuProps) {
  const disabledKeys = items.filter((item) => item.isDisabled).map((item) => item.id);
  return (
    <MenuTrigger>
      {trigger}
      <Popover className={withClassName(popover, className)}>
        <AriaMenu aria-label={label} disabledKeys={disabledKeys} onAction={(id) => onAction?.(id)}>
          {items.map((item) => [
            item.separated ? (
              <Separator key={`${String(item.id)}-separator`} className={separator} />
            ) : null,
            <MenuItem
              key={item.id}
              id={item.id}
              className={listItem}
              {...(item.href ? { href: item.href } : {})}
            >
              {item.label}
            </MenuItem>,
          ])}
        </AriaMenu>
      </Popover>
    </MenuTrigger>
  );
}
