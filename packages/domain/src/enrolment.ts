/**
 * Pre-enrolment (SPEC §2's pre-enrolment routes; the flows are ours, issue 17): who may apply,
 * the formats an application's fields must have, and the limits of its e-mail verification.
 */
import { toAsciiDigits } from './format.js';

/** What applies: an organization under a provider, or a provider applying as an L2 under an L1. */
export const APPLICATION_KINDS = ['organization', 'l2Provider'] as const;
export type ApplicationKind = (typeof APPLICATION_KINDS)[number];

/**
 * Where an application stands before a provider decides it: being filled in, waiting for its
 * e-mail address to be verified, waiting for its fee, then filed (the provider's request decides
 * the rest: Pending, Approved, Rejected).
 */
export const APPLICATION_STATUSES = ['draft', 'emailPending', 'paymentPending', 'filed'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/**
 * The registration fee of each kind, before VAT, in halalas (ours: an L2 provider pays to be
 * onboarded; an organization's registration is free, it pays for counters once approved).
 */
export const REGISTRATION_FEE_HALALAS: Record<ApplicationKind, number> = {
  organization: 0,
  l2Provider: 5_000_00,
};

/** How long an e-mail verification link is good for. */
export const EMAIL_LINK_HOURS = 24;
/** At most this many verification e-mails per application, and per address, in an hour. */
export const EMAIL_SENDS_PER_HOUR = 3;
/** How long an application not submitted is kept after it was last saved. */
export const DRAFT_KEPT_DAYS = 30;

/** The outcome of opening an e-mail verification link. */
export const EMAIL_LINK_OUTCOMES = [
  'verified',
  'expired',
  'used',
  'superseded',
  'invalid',
] as const;
export type EmailLinkOutcome = (typeof EMAIL_LINK_OUTCOMES)[number];

/**
 * The subscriber agreement's version in force: an acceptance is recorded with it, and a new
 * version is accepted anew. Its text is the portal's (footer `documents.agreement`).
 */
export const SUBSCRIBER_AGREEMENT_VERSION = '2026-11-01';

/**
 * A Saudi commercial registration number: ten digits; the first is the registering office's
 * region (1–5) or 7 for the unified numbers issued since 2025.
 */
export function isValidCrNumber(input: string): boolean {
  return /^[1-57]\d{9}$/.test(toAsciiDigits(input.trim()));
}

/** The unified national number of an establishment (the "700" number): ten digits from 7. */
export function isValidUnifiedNumber(input: string): boolean {
  return /^7\d{9}$/.test(toAsciiDigits(input.trim()));
}

/** A Saudi postal code: five digits. */
export function isValidPostalCode(input: string): boolean {
  return /^\d{5}$/.test(toAsciiDigits(input.trim()));
}
