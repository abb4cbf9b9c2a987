export { browserCoordinator, localCoordinator, type SessionCoordinator } from './coordination.js';
export {
  createApiClient,
  type ApiClient,
  type ApiClientOptions,
  type CallOptions,
  type SessionData,
  type SessionMessage,
} from './createApiClient.js';
export {
  browserCharacteristics,
  computeDeviceId,
  ensureDeviceId,
  type BrowserCharacteristics,
} from './deviceId.js';
export { saveDownloadedFile } from './download.js';
export { memoryStorage, type KeyValueStorage } from './storage.js';
export { requestParts, type RequestParts } from './url.js';
