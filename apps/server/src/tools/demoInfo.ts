/**
 * `npm run demo:info`: prints `npm start`'s banner again — the addresses, simulators and
 * demo identities of the configuration this terminal would start — without starting anything.
 */
import { bannerOf } from '../banner.js';
import { toolConfig } from './database.js';

const config = toolConfig();
if (!config) process.exit(2);
console.log(bannerOf(config, config.DATABASE_URL ? 'DATABASE_URL' : 'embedded PostgreSQL'));
