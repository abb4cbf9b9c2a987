export { Dialog, type DialogProps } from './Dialog.js';
export { DialogTrigger, type DialogTriggerProps } from './DialogTrigger.js';
