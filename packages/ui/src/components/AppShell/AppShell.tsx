import { useState, type ReactNode } from 'react';
import { Button as AriaButton, Link as AriaLink } from 'react-aria-components';
import { useUi } from '../../provider/UiProvider.js';
import { iconButton } from '../parts/field.css.js';
import { Icon } from '../parts/Icon.js';
import {
  brand as brandClass,
  header,
  headerEnd,
  main,
  nav,
  navGroupTitle,
  navLink,
  navList,
  shell,
  skipLink,
} from './AppShell.css.js';

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

export interface AppShellProps {
  brand: ReactNode;
  navigation: readonly NavGroup[];
  /** Header slots, shown at the inline end in this order. */
  languageSwitch?: ReactNode;
  themeSwitch?: ReactNode;
  organizationSwitcher?: ReactNode;
  notifications?: ReactNode;
  userMenu?: ReactNode;
  /** The side navigation starts open (default) or collapsed. */
  defaultNavigationOpen?: boolean;
  children: ReactNode;
}

const MAIN_ID = 'tawqi-main';

/**
 * The application frame: a skip link, a header (brand, then language, theme, organization,
 * notifications and user slots), a side navigation that collapses, and the main content.
 * Landmarks: banner, navigation, main.
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
  children,
}: AppShellProps) {
  const { t } = useUi();
  const [open, setOpen] = useState(defaultNavigationOpen);
  return (
    <div className={shell}>
      <a className={skipLink} href={`#${MAIN_ID}`}>
        {t('skipToContent')}
      </a>
      <header className={header}>
        <AriaButton
          className={iconButton}
          aria-label={open ? t('closeNavigation') : t('openNavigation')}
          aria-expanded={open}
          aria-controls="tawqi-navigation"
          onPress={() => {
            setOpen(!open);
          }}
        >
          <Icon name="menu" />
        </AriaButton>
        <div className={brandClass}>{brand}</div>
        <div className={headerEnd}>
          {languageSwitch}
          {themeSwitch}
          {organizationSwitcher}
          {notifications}
          {userMenu}
        </div>
      </header>
      <nav
        id="tawqi-navigation"
        aria-label={t('navigation')}
        className={nav}
        data-collapsed={!open}
      >
        {navigation.map((group) => (
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
                  >
                    {item.label}
                  </AriaLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <main id={MAIN_ID} className={main} tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
