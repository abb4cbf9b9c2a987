/**
 * How each component is meant to be used, for its docs page in Storybook (each story file's meta
 * gives its entry as the page's description; the props table below it comes from the component's
 * types). Written for a team adopting the package: what it is for, do and don't, the keyboard,
 * and what changes right to left — in the manner of Spectrum's and Polaris's component pages.
 */
const page = (parts: {
  use: string;
  do: readonly string[];
  dont: readonly string[];
  keyboard: string;
  rtl?: string;
}) =>
  [
    parts.use,
    '',
    '**Do**',
    ...parts.do.map((line) => `- ${line}`),
    '',
    "**Don't**",
    ...parts.dont.map((line) => `- ${line}`),
    '',
    `**Keyboard.** ${parts.keyboard}`,
    ...(parts.rtl ? ['', `**Right to left.** ${parts.rtl}`] : []),
  ].join('\n');

const PAGES = {
  AppShell: page({
    use: 'The frame of a signed-in product: a header with the brand, language and theme switches and an organization switcher, the navigation (a side bar on wide screens, a drawer on a phone) and the main region.',
    do: [
      'Give every navigation item a short label; group items by area (`NavGroup`).',
      'Mark the current page (`isCurrent`): it is announced and styled.',
    ],
    dont: [
      'Put page actions in the header: they belong to the page.',
      'Nest an AppShell in another.',
    ],
    keyboard:
      'A skip link ("Skip to content") comes first; Tab reaches the header, the navigation, then the main region. On a phone the menu button opens the drawer, Escape closes it and focus returns to the button.',
    rtl: 'The navigation sits on the right and the drawer slides in from the right.',
  }),
  BarChart: page({
    use: 'A few figures over time or by category, where a person would rather look than read (counters used per month).',
    do: [
      'Give it a caption that says what is measured and over what.',
      'Format values with the locale (`formatValue`): Arabic pages show Arabic-Indic digits.',
    ],
    dont: ['Use it for more than about twenty bars, or for exact comparison of close values.'],
    keyboard:
      'The bars are hidden from screen readers; the same figures are in a table behind them, which is what assistive technology reads.',
    rtl: 'Bars run in reading order, from the right.',
  }),
  Button: page({
    use: 'An action on the page: save, send, approve, open a dialog.',
    do: [
      'Say what happens in a verb first ("Approve Taif Signing House", not "OK").',
      'Use `isPending` while the action runs: the label stays (no layout jump), a spinner shows and the button is announced busy.',
      'Use one `primary` button per view; `secondary` for the others, `danger` for what destroys.',
    ],
    dont: [
      'Use a button to navigate: that is a Link.',
      'Disable a button without saying why nearby.',
    ],
    keyboard: 'Enter or Space presses it; the focus ring shows only for keyboard focus.',
  }),
  Card: page({
    use: 'A group of facts about one thing (a plan, an allocation), under a heading. One figure with its label is a StatCard (its own page).',
    do: ['Give each card a heading at the right level (`headingLevel`).'],
    dont: ['Make a whole card clickable with nested buttons inside it.'],
    keyboard: 'Not focusable itself; the controls inside it are reached in order.',
  }),
  CheckboxGroup: page({
    use: 'Several choices from a short list under one label (the statuses a list shows); its value is the list of checked values. FilterBar holds one for its statuses.',
    do: [
      'Give it a visible label; its description and error are announced with the group.',
      'Say in its error what to do ("Choose at least one status") when none may be empty.',
    ],
    dont: ['Use it for more than about seven choices: that is a ComboBox or a search.'],
    keyboard: 'Tab moves from box to box; Space toggles the focused one.',
    rtl: 'Each box is on the right of its label; the boxes flow from the right.',
  }),
  Checkbox: page({
    use: 'An independent on/off choice. Several choices from a short list under one label are a CheckboxGroup (its own page).',
    do: [
      'Word the label so that checked means yes.',
      'Give a group a visible label; its description and error are announced with it.',
    ],
    dont: ['Use a checkbox for an action that happens at once: that is a Button or a switch.'],
    keyboard: 'Tab to each box, Space toggles it.',
    rtl: 'The box is on the right of its label.',
  }),
  DialogTrigger: page({
    use: 'Opens the Dialog that follows its button, holding the open state itself, and gives focus back to the button when the dialog closes. Use `isOpen`/`onOpenChange` on it (or on the Dialog) when the app must hold the state.',
    do: [
      'Place exactly two children: the button, then the Dialog.',
      'Name the button with what the dialog is for ("Cancel the request").',
    ],
    dont: ['Open a dialog from a link: a link goes somewhere, a button opens something.'],
    keyboard:
      'Enter or Space on the button opens the dialog and moves focus into it; Escape closes it and focus returns to the button.',
  }),
  ComboBox: page({
    use: 'Choosing one item from a long list by typing part of it (a city, an employee id).',
    do: [
      'Use it when there are more than about fifteen options; below that, a Select.',
      'Match on what people type in either language.',
    ],
    dont: ['Allow free text unless any value is valid.'],
    keyboard:
      'Type to filter; Down arrow opens the list, arrows move, Enter chooses, Escape closes and keeps the text.',
  }),
  DataGrid: page({
    use: 'A server-driven list of records with paging, sorting, filters, states and row details: the backbone of every report and list.',
    do: [
      'Name the grid (`label`); mark the column that names a row (`isRowHeader`).',
      'Give it its states: `isLoading`, `error` with `onRetry`, an `emptyState`, and `isFiltered` with `onClearFilters` so an empty filter offers its way out.',
      'Put exports in `toolbar`; give columns the `width` they prefer: in a narrower frame they give way toward `minWidth` (112 px if none) before the grid scrolls, and a phone scrolls the grid, not the page. A column whose content must stay whole (a status) sets `minWidth` to its width.',
    ],
    dont: [
      'Put many buttons in a cell: use a row detail (`renderDetail`) or a Menu.',
      'Sort or page on the client what the server pages.',
    ],
    keyboard:
      'One tab stop. Arrows move between cells, Home/End to the row ends, Ctrl+Home/End to the corners, Page Up/Down ten rows. A cell that holds a control (a button, a menu) puts focus on the control itself, and the arrows still move on. Tab from a header reaches its resizer, where Left/Right resize the column (Alt+Left/Right on the header do too); a sort is announced once.',
    rtl: 'Columns run from the right and the arrow keys follow the reading direction.',
  }),
  DateRangePicker: page({
    use: 'A from–to range of days, for filters.',
    do: [
      'Pin the calendar (`calendar="gregory"` by default; `"islamic-umalqura"` only on purpose).',
      'Say in the label what the dates are of ("Payment date").',
    ],
    dont: ['Use it for a single day or for times.'],
    keyboard:
      'Each part of a date is a spin button: type digits or use Up/Down; the calendar button opens a grid where arrows move by day and Page Up/Down by month.',
    rtl: 'The fields and the calendar read right to left; the month arrows mirror.',
  }),
  Dialog: page({
    use: 'A focused task or a decision that must be answered before going on: a confirmation, remarks for a refusal, a short form.',
    do: [
      'Title it with the question or the task ("Refuse Taif Signing House?").',
      'Use `role="alertdialog"` for a destructive confirmation.',
      'Keep what was typed if the action fails; close only on success.',
    ],
    dont: ['Open a dialog from a dialog.', 'Put a long form in it: give it a page.'],
    keyboard:
      'Focus moves into it and stays there; Escape closes it; focus returns to what opened it.',
  }),
  Drawer: page({
    use: 'A side sheet over the page for navigation on a narrow screen (AppShell opens one for its navigation on a phone); a modal: the page behind waits.',
    do: [
      'Give it a title that names what it holds ("Menu"): it heads the sheet and names it for screen readers.',
      'Open it from a button, and keep its content to navigation or a short list of choices.',
    ],
    dont: [
      'Use it for a task with steps or a form: that is a Dialog or a page.',
      'Open one drawer from another.',
    ],
    keyboard:
      'Focus moves into it and stays there; Escape, the close button or a tap on the backdrop close it, and focus returns to the button that opened it.',
    rtl: 'It slides in from the inline start: from the right in Arabic, from the left in English.',
  }),
  EmptyState: page({
    use: 'What a list or a page shows when there is nothing yet, and what to do about it.',
    do: [
      'Say what is missing in a short title, and offer the next step (`action`).',
      'Tell an empty filter result from an empty list (the DataGrid does).',
    ],
    dont: ['Show an error as an empty state: that is an ErrorState.'],
    keyboard: 'Not focusable itself; its action is a normal button or link.',
  }),
  ErrorState: page({
    use: 'A part of the page that failed to load, with a way to try again.',
    do: [
      "Show the server's message when it has one, and a retry (`onRetry`).",
      'Keep the rest of the page working: the failure is local.',
    ],
    dont: ['Replace the whole page for one failed read.'],
    keyboard: 'The retry button is reached with Tab; the message is announced when it appears.',
  }),
  FileButton: page({
    use: 'Choosing a file to upload (a supporting document), through a real file input behind a button.',
    do: [
      "Say which types and size are accepted in the label's description; restrict `acceptedFileTypes`.",
      "Show the chosen file's name and a way to replace it.",
    ],
    dont: ['Upload on choice without showing what was chosen.'],
    keyboard: 'Enter or Space opens the system file dialog.',
  }),
  FilterBar: page({
    use: 'The filters above a grid: search, dates, statuses, and a reset.',
    do: [
      'Keep the applied filter in the URL so a reload or a shared link shows the same list.',
      'Offer "Clear filters" whenever one is set.',
    ],
    dont: ['Apply a filter on each keystroke of a search that calls the server: debounce it.'],
    keyboard:
      'The fields in reading order; Enter in the search, or Apply, applies every change at once, so the grid reloads once.',
    rtl: 'Fields flow from the right and wrap on a phone.',
  }),
  LinkRouter: page({
    use: "The app's router for the components' links (Link, menu items and tabs with `href`): inside it they move within the app through `navigate(path)` instead of loading the page again; a click with a modifier key still opens a new tab. Apart from UiProvider, so a page without such links (a public home) does not download it.",
    do: [
      "Wrap the app once, inside UiProvider, and pass the router's own navigate function.",
      "Give links the app's paths (`/my/transactions`): the same `href` works without JavaScript.",
    ],
    dont: ['Call `navigate` from a button to imitate a link: use a Link.'],
    keyboard:
      'Nothing of its own: Enter on a link inside goes through `navigate`, as a click does.',
  }),
  Link: page({
    use: 'Navigation to another page or place, inline in text or on its own.',
    do: [
      'Say where it goes ("All transactions").',
      'Use `LinkRouter` at the root so links navigate client-side.',
    ],
    dont: ['Use a link for an action that changes data: that is a Button.'],
    keyboard: 'Enter follows it.',
  }),
  Menu: page({
    use: 'A short list of actions behind one button (row actions, "Export").',
    do: ['Keep it to a few actions, each a verb.', 'Put the destructive action last.'],
    dont: ['Hide the one main action of a page in a menu.'],
    keyboard:
      'Enter, Space or Down arrow opens it; arrows move, type-ahead jumps, Enter chooses, Escape closes and focus returns to the button.',
  }),
  NumberField: page({
    use: 'A whole number or amount, with steppers: quantities, counters to allocate.',
    do: [
      'Set `minValue`, `maxValue` and `step` to what the server accepts.',
      'Say the limit in the description ("Left to allocate: 2,400").',
    ],
    dont: ['Use it for identifiers (a national id, a phone number): they are text.'],
    keyboard:
      'Type digits (Arabic-Indic digits are read too); Up/Down step; the value commits on blur or Enter.',
  }),
  Pagination: page({
    use: 'Moving between pages of a server-paged list (the DataGrid shows one when it pages).',
    do: ['Show the range and the total ("11–20 of 314") in the locale\'s digits.'],
    dont: ['Use it for a list short enough to show whole.'],
    keyboard: 'Previous and next are buttons; the current page is announced.',
    rtl: 'Previous is on the right and its arrow points right.',
  }),
  Popover: page({
    use: 'Extra content anchored to a control: the notifications list, a short explanation.',
    do: ['Give it a title; keep it short.'],
    dont: ['Put a form in a popover: use a Dialog.'],
    keyboard: 'Opens from its trigger; Escape closes it and focus returns to the trigger.',
  }),
  QuantityDialog: page({
    use: 'Choosing how many of each of several priced items to buy, with VAT and the total worked out as the quantities change.',
    do: [
      "Pass the server's unit prices and a `totalsOf` that counts VAT as the invoice does.",
      'Make one order per opened dialog (an Idempotency-Key): confirming twice is one purchase.',
    ],
    dont: ['Compute prices that the server does not confirm.'],
    keyboard:
      'Each quantity is a NumberField (Up/Down step); Tab moves between them, to the totals, then to confirm.',
  }),
  RetryCountdown: page({
    use: 'How long until a person may try again, where a server asked them to wait (a 429 with `Retry-After`): "You can try again in 1:30", counting down. ErrorState, a DataGrid\'s error and a toast show it when given `retryAt`.',
    do: [
      'Give it the moment the wait ends (`Date.now() + retryAfterSeconds * 1000`), and disable the action it is about until then.',
      'Keep it beside the message it belongs to.',
    ],
    dont: ['Announce every second: it is a timer, read when asked, not a live region.'],
    keyboard: 'Not focusable: a screen reader finds it as a timer beside its message.',
    rtl: "Minutes and seconds in the page's digits (١:٣٠ in Arabic).",
  }),
  SearchField: page({
    use: 'Free-text search over a list.',
    do: ['Say what is searched in the placeholder or label ("Search by order or pack").'],
    dont: ['Use it as a general text field.'],
    keyboard: 'Enter submits; Escape clears the field.',
  }),
  Select: page({
    use: 'One choice from a short list (up to about fifteen options).',
    do: [
      'Give it a label and, when nothing is chosen yet, a placeholder that says what to choose.',
      'Pass the options as they load: with none yet it is disabled on its own.',
    ],
    dont: ['Use it for a long list (use a ComboBox) or for two options (use radio buttons).'],
    keyboard:
      'Enter, Space or arrows open it; arrows move, type-ahead jumps, Enter chooses, Escape closes.',
  }),
  SkipLink: page({
    use: "The keyboard's first stop on a page: hidden until focused, it jumps past the header and navigation to the main content. Its words come from the provider.",
    do: [
      'Render it first in the page, before the header.',
      'Point `targetId` at the main content, an element that takes focus (`<main id="main" tabIndex={-1}>`).',
    ],
    dont: ['Hide it with `display: none`: it must still be reachable by Tab.'],
    keyboard:
      'Tab from the top of the page reaches it and shows it; Enter moves focus to the main content, where Tab continues.',
    rtl: 'It appears at the inline start: top right in Arabic.',
  }),
  Spinner: page({
    use: 'Something is loading and its shape is not known yet.',
    do: ['Use `showLabel` when it stands alone, so the wait is said in words.'],
    dont: ['Show a spinner where a skeleton of the content would do (the DataGrid has its own).'],
    keyboard: 'Not focusable; announced as a progress bar.',
  }),
  StatusBadge: page({
    use: "A record's status in words, with a tone (success, danger, warning, info, neutral).",
    do: [
      'Always pass the translated words (`label`): the tone and its mark only support them.',
      "Map your statuses to tones in one place (Tawqi: the domain's STATUS_TONES).",
    ],
    dont: ['Tell a status by colour alone, or abbreviate it.'],
    keyboard:
      'Not focusable; read as text. Never wider than where it is shown: in a narrow cell its words wrap inside the badge.',
  }),
  StatCard: page({
    use: "One figure with its label (a plan's balance, users this month), optionally a meter of the share used and a hint or link under it; a spinner while the figure loads. The label names the card for screen readers.",
    do: [
      "Format the figure in the page's language before passing it (`value`): Arabic-Indic digits on an Arabic page.",
      'Keep it to one figure and one hint or link.',
    ],
    dont: ['Put controls in it other than one link: that is a Card.'],
    keyboard: 'Not focusable itself; a link in its hint is reached in order.',
    rtl: 'The meter fills from the right.',
  }),
  Tabs: page({
    use: 'Sibling views of one record (a profile’s details, contacts, admins).',
    do: ['Keep the selected tab in the URL so a reload keeps it.', 'Use short tab names.'],
    dont: ['Use tabs for steps of a flow.'],
    keyboard: 'Arrows move between tabs, Home/End to the first and last; Tab moves into the panel.',
    rtl: 'Tabs run from the right; the arrow keys follow the reading direction.',
  }),
  TextField: page({
    use: 'A line (or several, `multiline`) of text: names, e-mails, remarks.',
    do: [
      'Give every field a visible label; say the format in its description.',
      "Show the server's field error under the field (`errorMessage`), and keep what was typed.",
    ],
    dont: ['Use the placeholder as the label.'],
    keyboard: 'Standard text editing; the error is announced with the field.',
  }),
  Toast: page({
    use: 'A short message about something that happened: saved, sent, failed to reach the server. `createToastQueue({ maxVisible = 3, timeoutMs = 4000 })` makes the queue; `queue.show({ variant, title, description?, action? })` shows one — `variant` is `info`, `success`, `warning` or `error`, `action` is `{ label, onAction }`; `queue.close(key)` and `queue.clear()` take them away. `Toaster` (its props below) is where they appear.',
    do: [
      'Hold one queue per app (`createToastQueue`) and render one `Toaster`.',
      'Give an action (`action`) only when it helps; such a toast stays until dismissed.',
    ],
    dont: [
      'Put the only copy of important information in a toast: it goes away after 4 seconds.',
      'Show more than three at once (the queue keeps the rest).',
    ],
    keyboard:
      'F6 moves to the toast region; Tab reaches each toast’s action and close button. Shift+F6 goes back to the landmark before; where there is none to go on to, F6 or Shift+F6 returns focus to where it came from. Timers pause on hover and focus.',
    rtl: 'Toasts appear at the bottom left (the inline end).',
  }),
  UiProvider: page({
    use: "Gives the components inside it their locale (and so their direction, and the digits and calendar of their dates and numbers), the language of their built-in words, and the theme; overlays (dialogs, popovers, toasts) open inside its element and keep all three. `strings` replaces some built-in words with another product's own. An app that is the whole page passes `themeDocument`: the page around it takes the language, direction and theme too (its background fills the window, no light frame around a dark app); an app that sets them on `<html>` itself passes `wrap={false}`.",
    do: [
      "Place one at the root of the app, with the user's locale (`ar-SA-u-ca-gregory` or `en-US`).",
      'Change its `locale` to switch language: direction follows, never set on its own.',
    ],
    dont: ['Nest providers to change only the theme of a part of a page.'],
    keyboard:
      'Nothing of its own; the arrow keys of the components inside follow its direction (in Arabic the left arrow moves forward).',
    rtl: 'Any Arabic locale is right to left; `dir` is set on its element.',
  }),
  VisuallyHidden: page({
    use: 'Text for screen readers only: a table caption, a longer name for an icon button.',
    do: ['Use it to complete what is seen, never to say something different.'],
    dont: ['Hide focusable controls with it.'],
    keyboard: 'Not focusable.',
  }),
} as const;

type ComponentName = keyof typeof PAGES;

/**
 * How settled each component is, on its docs page and as a Storybook tag. Stable: its props
 * change only in a major release. Beta: it may still change in a minor one — it stands on an API
 * React Aria marks unstable (Toast), or it has one product using it so far.
 */
export const COMPONENT_STATUS: Record<ComponentName, 'stable' | 'beta'> = {
  AppShell: 'beta',
  BarChart: 'beta',
  Button: 'stable',
  Card: 'stable',
  Checkbox: 'stable',
  CheckboxGroup: 'stable',
  ComboBox: 'stable',
  DataGrid: 'stable',
  DateRangePicker: 'stable',
  Dialog: 'stable',
  DialogTrigger: 'beta',
  Drawer: 'beta',
  EmptyState: 'stable',
  ErrorState: 'stable',
  FileButton: 'beta',
  FilterBar: 'beta',
  Link: 'stable',
  LinkRouter: 'stable',
  Menu: 'stable',
  NumberField: 'stable',
  Pagination: 'stable',
  Popover: 'stable',
  QuantityDialog: 'beta',
  RetryCountdown: 'stable',
  SearchField: 'stable',
  Select: 'stable',
  SkipLink: 'stable',
  Spinner: 'stable',
  StatCard: 'stable',
  StatusBadge: 'stable',
  Tabs: 'stable',
  TextField: 'stable',
  Toast: 'beta',
  UiProvider: 'stable',
  VisuallyHidden: 'stable',
};

/**
 * What a component shows to be at a stage; `test/componentStatus.test.ts` measures each one's
 * evidence from the repository and holds its stage to it.
 */
export const STAGE_CRITERIA = {
  beta: [
    'a docs page with every prop described',
    'its states and keyboard tested in stories (play functions), axe passing in every story',
    'its stories in the visual review',
  ],
  stable: [
    "beta's criteria",
    'used by the portal, a product in production',
    'no breaking change to its props since its last minor release; from now on, only in a major one',
  ],
} as const;

/** Components the portal does not use (yet): beta whatever their tests, until a product does. */
export const NOT_USED_BY_THE_PORTAL: readonly ComponentName[] = ['DialogTrigger'];

const STATUS_LINE = {
  stable: '**Status: stable.** Its props change only in a major release.',
  beta: '**Status: beta.** Its props may still change in a minor release (see the changelog).',
} as const;

/** The evidence a docs page shows beside the status. */
function evidenceOf(name: ComponentName): string {
  const used = NOT_USED_BY_THE_PORTAL.includes(name)
    ? 'not used by a product yet'
    : 'used by the portal';
  return `Evidence: its states and keyboard are tested in its stories, axe passes in each, they are in the visual review, and it is ${used}.`;
}

/**
 * What a consumer may style and test against, per component: where `className` goes and the
 * `data-*` states on it (React Aria's and our own). Anything else (our class names, other
 * attributes, the elements inside) is private and may change in any release;
 * `test/stylingHooks.test.ts` holds each documented state to the code that sets it.
 */
export const STYLING_HOOKS: Record<ComponentName, { on: string; states: readonly string[] }> = {
  AppShell: { on: 'the shell', states: ['data-navigation'] },
  BarChart: { on: 'the chart’s figure', states: [] },
  Button: {
    on: 'the button',
    states: ['data-hovered', 'data-pressed', 'data-focus-visible', 'data-disabled', 'data-pending'],
  },
  Card: { on: 'the card (a section)', states: [] },
  Checkbox: {
    on: 'the label around the box',
    states: [
      'data-selected',
      'data-indeterminate',
      'data-hovered',
      'data-focus-visible',
      'data-disabled',
      'data-invalid',
    ],
  },
  CheckboxGroup: { on: 'the group', states: ['data-disabled', 'data-invalid'] },
  ComboBox: { on: 'the field', states: ['data-open', 'data-disabled', 'data-invalid'] },
  DataGrid: {
    on: 'the grid’s frame (toolbar, table and pager)',
    states: ['data-column', 'data-align', 'data-interactive'],
  },
  DateRangePicker: { on: 'the field', states: ['data-open', 'data-disabled', 'data-invalid'] },
  Dialog: { on: 'the dialog’s panel', states: ['data-entering', 'data-exiting'] },
  DialogTrigger: { on: 'nothing (it takes none: it renders no element of its own)', states: [] },
  Drawer: { on: 'the sheet', states: ['data-entering', 'data-exiting'] },
  EmptyState: { on: 'the block', states: [] },
  ErrorState: { on: 'the alert', states: [] },
  FileButton: {
    on: 'the button',
    states: ['data-hovered', 'data-pressed', 'data-focus-visible', 'data-disabled'],
  },
  FilterBar: { on: 'the search landmark', states: [] },
  Link: {
    on: 'the link',
    states: ['data-hovered', 'data-pressed', 'data-focus-visible', 'data-disabled', 'data-current'],
  },
  LinkRouter: { on: 'nothing (it takes none: it renders no element of its own)', states: [] },
  Menu: { on: 'the menu’s popover', states: ['data-entering', 'data-exiting'] },
  NumberField: { on: 'the field', states: ['data-disabled', 'data-invalid'] },
  Pagination: { on: 'the pager (a navigation landmark)', states: [] },
  Popover: { on: 'the popover', states: ['data-entering', 'data-exiting', 'data-placement'] },
  QuantityDialog: { on: 'the dialog’s panel', states: ['data-entering', 'data-exiting'] },
  RetryCountdown: { on: 'the timer', states: [] },
  SearchField: { on: 'the field', states: ['data-empty', 'data-disabled', 'data-invalid'] },
  Select: { on: 'the field', states: ['data-open', 'data-disabled', 'data-invalid'] },
  SkipLink: { on: 'the link (a native one: style its `:focus`)', states: [] },
  Spinner: { on: 'the progress bar', states: ['data-size'] },
  StatCard: { on: 'the card (a section)', states: [] },
  StatusBadge: { on: 'the badge', states: ['data-tone'] },
  Tabs: { on: 'the tabs', states: ['data-orientation'] },
  TextField: { on: 'the field', states: ['data-disabled', 'data-invalid', 'data-readonly'] },
  Toast: { on: 'the toast region', states: ['data-variant'] },
  UiProvider: { on: 'its element (with `wrap`)', states: [] },
  VisuallyHidden: { on: 'the hidden text', states: [] },
};

/** The hooks' paragraph of a docs page. */
function hooksOf(name: ComponentName): string {
  const { on, states } = STYLING_HOOKS[name];
  const listed =
    states.length > 0
      ? ` The states it sets there, to style or test against: ${states.map((state) => `\`${state}\``).join(', ')}.`
      : '';
  return `**Styling and test hooks.** \`className\` goes on ${on}.${listed} Anything else (class names, other attributes, the elements inside) is private and may change in any release.`;
}

/** Each component's docs page: its status and evidence, how it is meant to be used, its hooks. */
export const GUIDANCE = Object.fromEntries(
  Object.entries(PAGES).map(([name, text]) => [
    name,
    `${STATUS_LINE[COMPONENT_STATUS[name as ComponentName]]} ${evidenceOf(name as ComponentName)}\n\n${text}\n\n${hooksOf(name as ComponentName)}`,
  ]),
) as Record<ComponentName, string>;

/**
 * A story that shows a fixed arrangement (every tone, a keyboard walk, a long text) rather than
 * one component under its props: its controls would change nothing, so it shows none. The
 * component's first story has the controls.
 */
export const FIXED_ARRANGEMENT = { controls: { disable: true } } as const;

/**
 * A modal story on a docs page draws in a frame of its own: opened inline, its backdrop covered
 * the page and left the rest of the page inert (issue 39).
 */
export const MODAL_DOCS = {
  docs: { story: { inline: false, iframeHeight: 520 } },
} as const;
