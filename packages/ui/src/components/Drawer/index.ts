export { Drawer, type DrawerProps } from './Drawer.js';
