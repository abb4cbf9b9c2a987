/**
 * @tawqi/domain: the rules of the specification, pure and with no dependencies.
 * Each module names the SPEC section it comes from; its README lists them.
 */
export * from './constants.js';
export * from './documents.js';
export * from './certificates.js';
export * from './enrolment.js';
export * from './errors.js';
export * from './format.js';
export * from './grid.js';
export * from './identifiers.js';
export * from './identityLogin.js';
export * from './inactivity.js';
export * from './money.js';
export * from './organization.js';
export * from './permissions.js';
export * from './session.js';
export * from './settings.js';
export * from './statuses.js';
export * from './terms.js';
export * from './translationLoading.js';
export * from './routes.js';
export * from './invoice.js';
