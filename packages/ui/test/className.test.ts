/**
 * The escape hatch (issue 39): every component takes a `className` of the app's own and puts it
 * on its outer element beside its own class. Rendered on the server, as another team's app may.
 */
import { createElement, type ComponentType, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
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
  FilterBar,
  Link,
  NumberField,
  Pagination,
  SearchField,
  Select,
  Spinner,
  StatCard,
  StatusBadge,
  Tabs,
  TextField,
  UiProvider,
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
];

describe('className escape hatch', () => {
  it.each(CASES)('%s puts the class on its outer element', (_name, component, props) => {
    const element = createElement(component, { ...props, className: HATCH } as never);
    const html = renderToString(
      createElement(UiProvider, { locale: 'en-US', children: element as ReactElement }),
    );
    const tag = new RegExp(`<[a-z]+ [^>]*class="([^"]+ )?${HATCH}"`);
    expect(html).toMatch(tag);
  });
});
