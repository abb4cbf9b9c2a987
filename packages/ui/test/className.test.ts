/**
 * The escape hatch (issue 39): every component takes a `className` of the app's own and puts it
 * on its outer element beside its own class. Rendered on the server, as another team's app may.
 */
import { createElement, type ComponentType, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  AppShell,
  BarChart,
  Button,
  Card,
  Checkbox,
  CheckboxGroup,
  ComboBox,
  DataGrid,
  DateRangePicker,
  EmptyState,
  ErrorState,
  FileButton,
  FilterBar,
  Link,
  NumberField,
  Pagination,
  SearchField,
  Select,
  SkipLink,
  Spinner,
  StatCard,
  StatusBadge,
  Tabs,
  TextField,
  UiProvider,
  VisuallyHidden,
  type DialogProps,
  type DrawerProps,
  type MenuProps,
  type PopoverProps,
  type QuantityDialogProps,
  type ToasterProps,
} from '../src/index.js';

const HATCH = 'another-products-class';
const noop = () => undefined;

const CASES: [string, ComponentType<never>, Record<string, unknown>][] = [
  ['Button', Button, { children: 'Save' }],
  ['Link', Link, { href: '/', children: 'Home' }],
  ['TextField', TextField, { label: 'Name' }],
  ['SearchField', SearchField, { label: 'Search' }],
  ['NumberField', NumberField, { label: 'Quantity' }],
  ['Select', Select, { label: 'Plan', options: [{ id: 'a', label: 'A' }] }],
  ['ComboBox', ComboBox, { label: 'Plan', options: [{ id: 'a', label: 'A' }] }],
  ['Checkbox', Checkbox, { children: 'Agree' }],
  ['CheckboxGroup', CheckboxGroup, { label: 'Kinds', options: [{ value: 'a', label: 'A' }] }],
  ['DateRangePicker', DateRangePicker, { label: 'Dates' }],
  ['Tabs', Tabs, { label: 'Parts', items: [{ id: 'a', label: 'A', content: 'a' }] }],
  ['Card', Card, { title: 'Plan', children: 'x' }],
  ['StatCard', StatCard, { label: 'Balance', value: '1' }],
  ['EmptyState', EmptyState, {}],
  ['ErrorState', ErrorState, {}],
  ['Spinner', Spinner, {}],
  ['StatusBadge', StatusBadge, { tone: 'success', label: 'Done' }],
  ['Pagination', Pagination, { page: 1, pageSize: 10, totalCount: 30, onPageChange: noop }],
  [
    'FilterBar',
    FilterBar,
    { value: { search: '', dateRange: null, statuses: [] }, onChange: noop },
  ],
  [
    'BarChart',
    BarChart,
    { caption: 'Use', bars: [], labelHeader: 'Month', valueHeader: 'Signatures' },
  ],
  [
    'DataGrid',
    DataGrid,
    {
      label: 'Rows',
      columns: [{ id: 'a', header: 'A', cell: () => 'a' }],
      rows: [{}],
      rowKey: () => 'r',
    },
  ],
  ['AppShell', AppShell, { brand: 'Tawqi', navigation: [], children: 'page' }],
  ['FileButton', FileButton, { children: 'Upload', onSelect: noop }],
  ['VisuallyHidden', VisuallyHidden, { children: 'unread' }],
  ['SkipLink', SkipLink, { targetId: 'main' }],
];

describe('className escape hatch', () => {
  // Overlays render nothing on the server (they mount on the client, in the provider's
  // container) and put the class on their panel; the type holds them to offering it.
  it('is offered by every overlay', () => {
    expectTypeOf<DialogProps>().toHaveProperty('className');
    expectTypeOf<DrawerProps>().toHaveProperty('className');
    expectTypeOf<MenuProps>().toHaveProperty('className');
    expectTypeOf<PopoverProps>().toHaveProperty('className');
    expectTypeOf<QuantityDialogProps>().toHaveProperty('className');
    expectTypeOf<ToasterProps>().toHaveProperty('className');
  });

  it.each(CASES)('%s puts the class on its outer element', (_name, component, props) => {
    const element = createElement(component, { ...props, className: HATCH } as never);
    const html = renderToString(
      createElement(UiProvider, { locale: 'en-US', children: element as ReactElement }),
    );
    const tag = new RegExp(`<[a-z]+ [^>]*class="([^"]+ )?${HATCH}"`);
    expect(html).toMatch(tag);
  });
});
