/**
 * @tawqi/api: the contract between Tawqi's portal and server (every call of SPEC §7), and the
 * client that carries out the session policy of SPEC §4.
 */
export * from './contract/index.js';
export * from './errors.js';
export * from './openapi.js';
export * from './client/index.js';
export * from './integration.js';
