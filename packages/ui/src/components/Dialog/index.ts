export { Dialog, type DialogProps } from './Dialog.js';
export { DialogTrigger } from 'react-aria-components';
