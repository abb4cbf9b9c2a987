/**
 * The public site's menu drawer, as its own chunk: only a narrow screen shows it, so a wide one
 * does not load React Aria's modal code to show the home page.
 */
export { Drawer as default } from '@tawqi/ui';
