/**
 * One provider for locale, direction, language of the built-in strings, and theme (STYLE.md 3):
 * it sets `lang` and `dir`, wraps React Aria's I18nProvider (which formats dates and numbers and
 * reads the direction), and picks the theme class. Direction is derived from the locale, never set
 * on its own. Overlays (dialogs, popovers, toasts) mount in a container inside the wrapping element,
 * through React Aria's portal context, so they keep its language, direction and theme instead of
 * landing at the end of `<body>` outside them.
 */
import {
  createContext,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { UNSAFE_PortalProvider as PortalProvider } from 'react-aria/PortalProvider';
import { I18nProvider, useLocale } from 'react-aria/I18nProvider';
import { THEME_CLASSES } from '../theme/themes.css.js';
import { overlayContainer } from './UiProvider.css.js';
import { UI_STRINGS, format, type UiStringKey, type UiStrings } from './strings.js';

export type ThemeChoice = keyof typeof THEME_CLASSES;

interface UiContextValue {
  strings: UiStrings;
  locale: string;
  direction: 'ltr' | 'rtl';
}

const UiContext = createContext<UiContextValue | null>(null);

export interface UiProviderProps {
  /** A BCP 47 locale, e.g. `ar-SA-u-ca-gregory` or `en-US`; Arabic locales are right-to-left. */
  locale: string;
  /** The colour theme of everything inside it: `light` (default) or `dark`. */
  theme?: ThemeChoice;
  /** Replace some built-in strings (another product's own wording). */
  strings?: Partial<UiStrings>;
  /**
   * Render a wrapping element with `lang`, `dir` and the theme class (default). An app that sets
   * them on `<html>` itself passes false.
   */
  wrap?: boolean;
  /**
   * Also give the page itself the language, direction and theme: they are set on `<html>`, so the
   * theme's background fills the window (no light frame around a dark app). For an app that is the
   * whole page; a widget inside another product's page leaves the page to its host (default).
   */
  themeDocument?: boolean;
  /** A class for the wrapping element (with `wrap`), beside the theme's. */
  className?: string;
  /** The app, or the part of a page that the locale and theme apply to. */
  children: ReactNode;
}

export function UiProvider({
  locale,
  theme = 'light',
  strings,
  wrap = true,
  themeDocument = false,
  className,
  children,
}: UiProviderProps) {
  return (
    <I18nProvider locale={locale}>
      {themeDocument ? <DocumentTheme locale={locale} theme={theme} /> : null}
      <UiContextBridge
        locale={locale}
        strings={strings}
        theme={theme}
        wrap={wrap}
        className={className}
      >
        {children}
      </UiContextBridge>
    </I18nProvider>
  );
}

function UiContextBridge({
  locale,
  strings,
  theme,
  wrap,
  className,
  children,
}: Required<Pick<UiProviderProps, 'locale' | 'theme' | 'wrap' | 'children'>> & {
  strings: Partial<UiStrings> | undefined;
  className: string | undefined;
}) {
  const { direction } = useLocale();
  const value = useMemo<UiContextValue>(() => {
    const language = locale.toLowerCase().startsWith('ar') ? 'ar' : 'en';
    return { strings: { ...UI_STRINGS[language], ...strings }, locale, direction };
  }, [locale, strings, direction]);
  return (
    <UiContext.Provider value={value}>
      {wrap ? (
        <div
          lang={languageTag(locale)}
          dir={direction}
          className={[THEME_CLASSES[theme], className].filter(Boolean).join(' ')}
        >
          <OverlayContainer>{children}</OverlayContainer>
        </div>
      ) : (
        children
      )}
    </UiContext.Provider>
  );
}

/** The language tag an element's `lang` takes: the locale without its extensions. */
const languageTag = (locale: string) => locale.split('-u-')[0] ?? locale;

/** Sets the provider's language, direction and theme on `<html>`, and takes them back after. */
function DocumentTheme({ locale, theme }: { locale: string; theme: ThemeChoice }) {
  const { direction } = useLocale();
  useLayoutEffect(() => {
    const root = document.documentElement;
    const before = { lang: root.lang, dir: root.dir };
    root.lang = languageTag(locale);
    root.dir = direction;
    root.classList.add(THEME_CLASSES[theme]);
    return () => {
      root.classList.remove(THEME_CLASSES[theme]);
      root.lang = before.lang;
      root.dir = before.dir;
    };
  }, [locale, direction, theme]);
  return null;
}

/**
 * The element overlays portal into: the wrapper's last child, so it inherits `lang`, `dir` and
 * the theme's variables. Until it exists (the first render) overlays wait, then mount in it.
 * With `wrap={false}` the app themes `<html>` and overlays stay in `<body>`, which inherits it.
 */
function OverlayContainer({ children }: { children: ReactNode }) {
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const getContainer = useCallback(() => container, [container]);
  return (
    <PortalProvider getContainer={getContainer}>
      {children}
      <div ref={setContainer} data-tawqi-overlays="" className={overlayContainer} />
    </PortalProvider>
  );
}

/** The provider's locale, direction and a translator for the built-in strings. */
export function useUi() {
  const context = useContext(UiContext);
  if (!context) throw new Error('Tawqi ui components need a <UiProvider> above them');
  const { strings } = context;
  return {
    ...context,
    t: (key: UiStringKey, values?: Record<string, string | number>) =>
      values ? format(strings[key], values) : strings[key],
  };
}

/** The class that applies a theme to any element (for apps that theme `<html>` themselves). */
export function themeClassName(theme: ThemeChoice): string {
  return THEME_CLASSES[theme];
}
