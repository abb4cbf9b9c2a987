/** How envelopes' and their signers' states are toned (always with their words: never colour alone). */
import type { Envelope, ENVELOPE_SIGNER_STATUSES, ENVELOPE_STATUSES } from '@tawqi/api';
import type { Tone } from '@tawqi/ui';

export const ENVELOPE_TONES: Record<(typeof ENVELOPE_STATUSES)[number], Tone> = {
  inProgress: 'info',
  completed: 'success',
  declined: 'danger',
};

/** A signer's state as shown: one waiting in an envelope that was declined is never asked. */
export type ShownSignerStatus = (typeof ENVELOPE_SIGNER_STATUSES)[number] | 'notAsked';

export const shownSignerStatus = (
  envelope: Pick<Envelope, 'status'>,
  signer: Pick<Envelope['signers'][number], 'status'>,
): ShownSignerStatus =>
  envelope.status !== 'inProgress' && signer.status === 'waiting' ? 'notAsked' : signer.status;

export const SIGNER_TONES: Record<ShownSignerStatus, Tone> = {
  waiting: 'neutral',
  notAsked: 'neutral',
  asked: 'warning',
  signed: 'success',
  declined: 'danger',
};
