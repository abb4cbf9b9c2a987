/** The keep-alive request (our `keepAlive` call), loaded with the signed-in area's code. */
import { CONTRACT } from '@tawqi/api';
import { api } from './api.js';

export async function keepAlive(): Promise<void> {
  await api.call(CONTRACT.keepAlive, { body: {} });
}
