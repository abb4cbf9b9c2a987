export { AppShell, type AppShellProps, type NavGroup, type NavItem } from './AppShell.js';
