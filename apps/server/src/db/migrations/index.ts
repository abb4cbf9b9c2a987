/** Every migration, in order. A migration is never edited once released: add the next one. */
import * as initial from './001_initial.js';

export const MIGRATIONS: readonly { name: string; sql: string }[] = [initial];
