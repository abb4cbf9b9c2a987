/** How envelopes' and their signers' states are toned (always with their words: never colour alone). */
import type { ENVELOPE_SIGNER_STATUSES, ENVELOPE_STATUSES } from '@tawqi/api';
import type { Tone } from '@tawqi/ui';

export const ENVELOPE_TONES: Record<(typeof ENVELOPE_STATUSES)[number], Tone> = {
  inProgress: 'info',
  completed: 'success',
  declined: 'danger',
};

export const SIGNER_TONES: Record<(typeof ENVELOPE_SIGNER_STATUSES)[number], Tone> = {
  waiting: 'neutral',
  asked: 'warning',
  signed: 'success',
  declined: 'danger',
};
