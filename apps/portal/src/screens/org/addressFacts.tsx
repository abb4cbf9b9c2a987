/**
 * A person's address as detail facts (SPEC §3 "User detail" and "New user approval detail": city,
 * region, postal code and country), one list for both details.
 */
import type { TFunction } from 'i18next';
import { shown } from '../../components/Facts.js';
import { Verbatim } from '../../components/Verbatim.js';

interface Address {
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

export const addressFacts = (t: TFunction<'org'>, address: Address) =>
  [
    [t('users.detail.city'), shown(address.city)],
    [t('users.detail.region'), shown(address.state)],
    // A postal code is an identifier, written as given (like the employee id), not a number.
    [t('users.detail.postalCode'), <Verbatim key="postal">{shown(address.postalCode)}</Verbatim>],
    [t('users.detail.country'), shown(address.country)],
  ] as const;
