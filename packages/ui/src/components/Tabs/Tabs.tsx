import type { ReactNode } from 'react';
import {
  Tab,
  TabList,
  TabPanel,
  Tabs as AriaTabs,
  type Key,
  type TabsProps as AriaTabsProps,
} from 'react-aria-components';
import { panel, tab, tabList, tabs } from './Tabs.css.js';
import { withClassName, type ClassNameProp } from '../parts/className.js';

export interface TabItem {
  id: Key;
  label: string;
  content: ReactNode;
  isDisabled?: boolean;
}

export interface TabsProps
  extends ClassNameProp, Omit<AriaTabsProps, 'className' | 'style' | 'children'> {
  /** The name of the tab list, for screen readers. */
  label: string;
  /** The tabs, each with its id, label and panel content. */
  items: readonly TabItem[];
}

/** Tabs: arrow keys move between tabs (mirrored in right-to-left), Tab moves into the panel. */
export function Tabs({ label, items, className, ...props }: TabsProps) {
  const disabledKeys = items.filter((item) => item.isDisabled).map((item) => item.id);
  return (
    <AriaTabs {...props} disabledKeys={disabledKeys} className={withClassName(tabs, className)}>
      <TabList aria-label={label} className={tabList} items={items}>
        {(item) => <Tab className={tab}>{item.label}</Tab>}
      </TabList>
      {items.map((item) => (
        <TabPanel key={item.id} id={String(item.id)} className={panel}>
          {item.content}
        </TabPanel>
      ))}
    </AriaTabs>
  );
}
