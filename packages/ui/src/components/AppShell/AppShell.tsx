import { useState, type ReactNode } from 'react';
import { Button as AriaButton, Link as AriaLink } from 'react-aria-components';
import { useUi } from '../../provider/UiProvider.js';
import { Drawer } from '../Drawer/Drawer.js';
import { iconButton } from '../parts/field.css.js';
import { Icon } from '../parts/Icon.js';
import { NARROW_SCREEN_QUERY, useMediaQuery } from '../parts/useMediaQuery.js';
import {
  brand as brandClass,
  drawerControls,
  header,
  headerEnd,
  main,
  nav,
  navGroupTitle,
  navLink,
  navList,
  shell,
  userSlot,
} from './AppShell.css.js';
import { SkipLink } from '../SkipLink/SkipLink.js';
import { withClassName, type ClassNameProp } from '../parts/className.js';

export interface NavItem {
  id: string;
  label: string;
  href: string;
  isCurrent?: boolean;
}

export interface NavGroup {
  id: string;
  /** A heading for the group; omitted for a single flat list. */
  label?: string;
  items: readonly NavItem[];
}

export interface AppShellProps extends ClassNameProp {
  /** The product's name or logo, at the header's inline start; it links nowhere by itself. */
  brand: ReactNode;
  /** The navigation, in groups; mark the current page with `isCurrent`. */
  navigation: readonly NavGroup[];
  /** Header slots, shown at the inline end in this order. */
  languageSwitch?: ReactNode;
  /** A control that switches the theme (a ui Button, say). */
  themeSwitch?: ReactNode;
  /** A control that picks the active organization (a ui Select). */
  organizationSwitcher?: ReactNode;
  /** The notifications trigger (a ui Popover). */
  notifications?: ReactNode;
  /** The signed-in person's menu (a ui Menu). */
  userMenu?: ReactNode;
  /** The side navigation starts open (default) or collapsed (wide screens). */
  defaultNavigationOpen?: boolean;
  /**
   * How the navigation is shown: `auto` (default) is a side column on wide screens and a drawer
   * below 48rem; `drawer` and `side` force one of them.
   */
  navigationMode?: 'auto' | 'drawer' | 'side';
  /** The page: rendered in the main region, after the skip link’s target. */
  children: ReactNode;
}

const MAIN_ID = 'tawqi-main';
const NAVIGATION_ID = 'tawqi-navigation';

/**
 * The application frame: a skip link, a header (menu button, brand, then language, theme,
 * organization, notifications and user slots), the navigation, and the main content.
 * Landmarks: banner, navigation, main.
 *
 * On a wide screen the navigation is a side column that collapses. On a narrow one the header
 * keeps one row (menu, brand, notifications, user) and the navigation — with the language, theme
 * and organization controls — is a modal drawer: closed on arrival, closed by Escape, the backdrop
 * or choosing a page, focus kept inside while open.
 */
export function AppShell({
  brand,
  navigation,
  languageSwitch,
  themeSwitch,
  organizationSwitcher,
  notifications,
  userMenu,
  defaultNavigationOpen = true,
  navigationMode = 'auto',
  children,
  className,
}: AppShellProps) {
  const { t } = useUi();
  const narrowScreen = useMediaQuery(NARROW_SCREEN_QUERY);
  const asDrawer = navigationMode === 'drawer' || (navigationMode === 'auto' && narrowScreen);
  const [sideOpen, setSideOpen] = useState(defaultNavigationOpen);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const open = asDrawer ? drawerOpen : sideOpen;
  const links = (onChoose?: () => void) =>
    navigation.map((group) => (
      <div key={group.id}>
        {group.label ? (
          <p className={navGroupTitle} id={`nav-${group.id}`}>
            {group.label}
          </p>
        ) : null}
        <ul className={navList} aria-labelledby={group.label ? `nav-${group.id}` : undefined}>
          {group.items.map((item) => (
            <li key={item.id}>
              <AriaLink
                href={item.href}
                className={navLink}
                aria-current={item.isCurrent ? 'page' : undefined}
                {...(onChoose ? { onPress: onChoose } : {})}
              >
                {item.label}
              </AriaLink>
            </li>
          ))}
        </ul>
      </div>
    ));
  return (
    <div className={withClassName(shell, className)} data-navigation={asDrawer ? 'drawer' : 'side'}>
      <SkipLink targetId={MAIN_ID} />
      <header className={header}>
        <AriaButton
          className={iconButton}
          aria-label={open ? t('closeNavigation') : t('openNavigation')}
          aria-expanded={open}
          aria-controls={asDrawer ? undefined : NAVIGATION_ID}
          onPress={() => {
            if (asDrawer) setDrawerOpen(!drawerOpen);
            else setSideOpen(!sideOpen);
          }}
        >
          <Icon name="menu" />
        </AriaButton>
        <div className={brandClass}>{brand}</div>
        <div className={headerEnd}>
          {asDrawer ? null : (
            <>
              {languageSwitch}
              {themeSwitch}
              {organizationSwitcher}
            </>
          )}
          {notifications}
          {userMenu ? <div className={userSlot}>{userMenu}</div> : null}
        </div>
      </header>
      {asDrawer ? (
        <Drawer isOpen={drawerOpen} onOpenChange={setDrawerOpen} title={t('navigation')}>
          <nav aria-label={t('navigation')}>
            {links(() => {
              setDrawerOpen(false);
            })}
          </nav>
          {languageSwitch || themeSwitch || organizationSwitcher ? (
            <div className={drawerControls}>
              {organizationSwitcher}
              {languageSwitch}
              {themeSwitch}
            </div>
          ) : null}
        </Drawer>
      ) : (
        <nav id={NAVIGATION_ID} aria-label={t('navigation')} className={nav} data-collapsed={!open}>
          {links()}
        </nav>
      )}
      <main id={MAIN_ID} className={main} tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
