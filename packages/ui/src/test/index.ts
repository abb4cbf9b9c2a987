/**
 * `@tawqi/ui/test`: helpers for a consumer's tests of the complex components (in Vitest's browser
 * mode, jsdom, or a Storybook play function). They find things as a person does, by role and by
 * name in the page's language (the built-in words of the nearest `lang`), and act through the
 * user-event instance the test already has. They rely only on what the components document (roles,
 * names, `aria-*` states and the documented `data-*` hooks), so a test written with them keeps
 * working across releases; the package's own stories and the portal's use them, which keeps them
 * true. They find and act; waiting for what follows (a server's answer) is the test's own.
 */
import { UI_STRINGS, type UiStrings } from '../provider/strings.js';

/** What the helpers need of a user-event instance (`userEvent` or `userEvent.setup()`). */
export interface TestUser {
  click: (element: Element) => Promise<unknown>;
  type: (element: Element, text: string) => Promise<unknown>;
  clear: (element: Element) => Promise<unknown>;
  keyboard: (keys: string) => Promise<unknown>;
}

/** The components' built-in words where `element` is: Arabic under an Arabic `lang`. */
export function builtInWords(element: Element): UiStrings {
  const language = element.closest('[lang]')?.getAttribute('lang') ?? '';
  return UI_STRINGS[language.startsWith('ar') ? 'ar' : 'en'];
}

const textOf = (element: Element | null | undefined) =>
  (element?.textContent ?? '').replace(/\s+/g, ' ').trim();

/**
 * An element's name as the components give it: `aria-labelledby`'s elements, else `aria-label`,
 * else its `<label>`, else its text (the parts of the accessible name computation they use).
 */
export function nameOf(element: Element): string {
  const document = element.ownerDocument;
  const labelledBy = element.getAttribute('aria-labelledby');
  if (labelledBy)
    return labelledBy
      .split(/\s+/)
      .map((id) => textOf(document.getElementById(id)))
      .filter(Boolean)
      .join(' ');
  const label = element.getAttribute('aria-label');
  if (label !== null) return label.trim();
  const labels = (element as HTMLInputElement).labels;
  if (labels && labels.length > 0) return [...labels].map(textOf).join(' ');
  return textOf(element);
}

/** The one element matching `selector` in `container` whose name is `name` (or the only one). */
function only<E extends Element>(
  container: ParentNode,
  selector: string,
  what: string,
  name?: string,
  nameFor: (element: E) => string = nameOf,
): E {
  const found = [...container.querySelectorAll<E>(selector)].filter(
    (element) => name === undefined || nameFor(element) === name,
  );
  if (found.length !== 1)
    throw new Error(
      `expected one ${what}${name === undefined ? '' : ` named “${name}”`}, found ${String(found.length)}`,
    );
  return found[0] as E;
}

/** A button inside `container` by its accessible name (its label or its text). */
function button(container: ParentNode, name: string): HTMLButtonElement {
  return only<HTMLButtonElement>(container, 'button', 'button', name);
}

/** A DataGrid: its columns, rows and cells by name, and its sorting, paging and row details. */
export function dataGridIn(container: ParentNode, label?: string) {
  const grid = only<HTMLTableElement>(container, 'table[role="grid"]', 'data grid', label);
  const frame = grid.parentElement?.parentElement ?? grid;
  const words = builtInWords(grid);
  const headers = () => [...grid.querySelectorAll<HTMLTableCellElement>('thead th')];
  const columnIndex = (column: string) => {
    const index = headers().findIndex((header) => nameOf(header) === column);
    if (index === -1) throw new Error(`the grid has no column “${column}”`);
    return index + 1;
  };
  /** Body rows with data (not the detail rows under them). */
  const rows = () =>
    [...grid.querySelectorAll<HTMLTableRowElement>('tbody tr[aria-rowindex]')].filter(
      (row) => !row.id.startsWith('detail-'),
    );
  const row = (name: string) => {
    const found = rows().filter((each) => textOf(each.querySelector('th[scope="row"]')) === name);
    if (found.length !== 1)
      throw new Error(`expected one row “${name}”, found ${String(found.length)}`);
    return found[0] as HTMLTableRowElement;
  };
  return {
    grid,
    /** The columns' names, in order. */
    columns: () => headers().map(nameOf),
    rows,
    /** The row whose row header says `name`. */
    row,
    /** The text-bearing cell of a row (by its header) in a column (by its name). */
    cell: (rowName: string, column: string) =>
      only<HTMLElement>(row(rowName), `[aria-colindex="${String(columnIndex(column))}"]`, 'cell'),
    /** How a column is sorted: `ascending`, `descending`, `none`, or null when it cannot be. */
    sortOf: (column: string) =>
      headers()[columnIndex(column) - 1]?.getAttribute('aria-sort') ?? null,
    /** Presses a column's header, as a person sorts by it. */
    sortBy: (user: TestUser, column: string) =>
      user.click(button(headers()[columnIndex(column) - 1] as HTMLElement, column)),
    /** The total count the grid tells assistive technology (all pages, not the rows shown). */
    rowCount: () => Number(grid.getAttribute('aria-rowcount')) - 1,
    nextPage: (user: TestUser) => user.click(button(frame, words.nextPage)),
    previousPage: (user: TestUser) => user.click(button(frame, words.previousPage)),
    /** Opens a row's detail and returns it. */
    expand: async (user: TestUser, rowName: string) => {
      await user.click(button(row(rowName), words.expandRow));
      const detail = row(rowName).nextElementSibling;
      if (!detail?.id.startsWith('detail-')) throw new Error(`“${rowName}” opened no detail`);
      return detail as HTMLTableRowElement;
    },
  };
}

/** A FilterBar: type a search, choose statuses, apply or clear. */
export function filterBarIn(container: ParentNode) {
  const bar = only<HTMLElement>(container, '[role="search"]', 'filter bar');
  const words = builtInWords(bar);
  return {
    bar,
    /** Types a search and submits it (Enter), replacing what was there. */
    search: async (user: TestUser, text: string) => {
      const field = only<HTMLInputElement>(bar, 'input[type="search"]', 'search field');
      await user.clear(field);
      await user.type(field, `${text}{Enter}`);
    },
    /** Checks or unchecks a status by its label. */
    toggleStatus: (user: TestUser, label: string) =>
      user.click(only(bar, 'label', 'status', label, textOf)),
    apply: (user: TestUser) => user.click(button(bar, words.apply)),
    clear: (user: TestUser) => user.click(button(bar, words.clearFilters)),
  };
}

/** The open QuantityDialog: set quantities by item, read the amounts, confirm. */
export function quantityDialogIn(container: ParentNode) {
  const dialog = only<HTMLElement>(container, '[role="dialog"]', 'quantity dialog');
  const words = builtInWords(dialog);
  const field = (item: string) =>
    only<HTMLInputElement>(dialog, 'input', 'quantity field', `${words.quantity}: ${item}`);
  const amount = (term: string) => {
    const found = [...dialog.querySelectorAll('dt')].find((each) => textOf(each) === term);
    return textOf(found?.nextElementSibling);
  };
  return {
    dialog,
    field,
    /** Types a quantity for an item and leaves the field, as a person moves on. */
    setQuantity: async (user: TestUser, item: string, quantity: string) => {
      await user.clear(field(item));
      await user.type(field(item), quantity);
      await user.keyboard('{Tab}');
    },
    /** The amounts as shown, in the page's digits and currency. */
    amounts: () => ({
      subtotal: amount(words.subtotal),
      vat: amount(words.vat),
      total: amount(words.total),
    }),
    /** The dialog's problem (nothing chosen), or null. */
    problem: () => textOf(dialog.querySelector('[role="alert"]')) || null,
    confirm: (user: TestUser, label = words.confirm) => user.click(button(dialog, label)),
    cancel: (user: TestUser) => user.click(button(dialog, words.cancel)),
  };
}

/** The toasts showing, newest first as the region lists them: variant, title and description. */
export function toastsIn(container: ParentNode) {
  return [...container.querySelectorAll<HTMLElement>('[data-variant][role="alertdialog"]')].map(
    (toast) => ({
      variant: toast.getAttribute('data-variant'),
      title: textOf(toast.querySelector('[slot="title"]')),
      description: textOf(toast.querySelector('[slot="description"]')) || null,
      toast,
    }),
  );
}
