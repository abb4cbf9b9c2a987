/** What the dashboard reads when it appears (started early when it is opened from its address). */
import { CONTRACT } from '@tawqi/api';
import { api } from '../../api.js';
import { arrivalRead } from '../../arrivalRead.js';

export const readDashboard = arrivalRead(() => api.call(CONTRACT.myDashboard, { body: {} }));

// Its notifications are the header's (one query, one early read: components/Notifications.reads).
export const ARRIVAL_READS = [readDashboard];
