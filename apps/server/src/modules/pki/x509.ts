/**
 * @peculiar/x509, with what it needs loaded first: it resolves its algorithms through tsyringe,
 * which reads decorator metadata through the Reflect API (reflect-metadata, Microsoft's polyfill,
 * as its README asks). Import x509 from here, never directly.
 */
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from './x509.js';

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

export * from '@peculiar/x509';
