/**
 * @tawqi/ui: Tawqi's accessible, right-to-left design system (react-aria-components for
 * behaviour, vanilla-extract for style). It knows nothing of eSign, so other products reuse it.
 */
import './theme/themes.css.js';

export { vars } from './theme/contract.css.js';
export { THEME_CLASSES, darkColors, lightColors } from './theme/themes.css.js';
export {
  UiProvider,
  themeClassName,
  useUi,
  type ThemeChoice,
  type UiProviderProps,
} from './provider/UiProvider.js';
export { UI_STRINGS, type UiStringKey, type UiStrings } from './provider/strings.js';
export { LinkRouter, type LinkRouterProps } from './provider/LinkRouter.js';
export * from './components/Button/index.js';
export * from './components/FileButton/index.js';
export * from './components/Spinner/index.js';
export * from './components/StatusBadge/index.js';
export * from './components/Checkbox/index.js';
export * from './components/DateRangePicker/index.js';
export * from './components/NumberField/index.js';
export * from './components/SearchField/index.js';
export * from './components/Select/index.js';
export * from './components/ComboBox/index.js';
export * from './components/TextField/index.js';
export * from './components/Card/index.js';
export * from './components/BarChart/index.js';
export * from './components/Dialog/index.js';
export * from './components/EmptyState/index.js';
export * from './components/ErrorState/index.js';
export * from './components/Link/index.js';
export * from './components/Menu/index.js';
export * from './components/Pagination/index.js';
export * from './components/Popover/index.js';
export * from './components/Tabs/index.js';
export * from './components/Toast/index.js';
export * from './components/VisuallyHidden/index.js';
export * from './components/AppShell/index.js';
export * from './components/SkipLink/index.js';
export * from './components/Drawer/index.js';
export { NARROW_SCREEN_QUERY, useMediaQuery } from './components/parts/useMediaQuery.js';
export {
  RetryCountdown,
  useSecondsUntil,
  type RetryCountdownProps,
} from './components/parts/RetryCountdown.js';
export * from './components/FilterBar/index.js';
export * from './components/QuantityDialog/index.js';
export * from './components/DataGrid/index.js';
export { REACT_ARIA_PRESSABLE_STYLE_ID, installCspSafeStyles } from './provider/csp.js';
