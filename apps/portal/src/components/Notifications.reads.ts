/** The header's notifications (unread count and panel) on every page of the app. */
import { CONTRACT } from '@tawqi/api';
import { api } from '../api.js';
import { arrivalRead } from '../arrivalRead.js';

export const readHeaderNotifications = arrivalRead(() => api.call(CONTRACT.myNotifications, {}));

export const ARRIVAL_READS = [readHeaderNotifications];
