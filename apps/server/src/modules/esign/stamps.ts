/**
 * A transaction's stamp (issue 44), from what its request asked (or its application's default):
 * where it goes on each PDF, and what it says — who signed, when, why, and the verify page's
 * address for this transaction. Null appearance `none`: the signature is not shown.
 */
import { parseStampPlacement, type SignatureStamp } from '@tawqi/api';
import type { StampAppearance } from '../../pdf/signatureStamp.js';
import type { StampPlacement, VisibleSignature } from '../pki/visibleSignature.js';

export function placementOf(stamp: SignatureStamp | null): StampPlacement | null {
  if (stamp?.appearance === 'none') return null;
  if (stamp?.field) return { field: stamp.field };
  const places = stamp?.placement ? parseStampPlacement(stamp.placement) : null;
  return places ? { places } : 'default';
}

export function visibleSignatureOf(
  stamp: SignatureStamp | null,
  content: {
    nameArabic: string;
    nameEnglish: string;
    signedAt: Date;
    reason: string;
    verifyUrl: string;
  },
): VisibleSignature | undefined {
  const placement = placementOf(stamp);
  if (!placement) return undefined;
  const appearance: StampAppearance = stamp?.appearance === 'text' ? 'text' : 'logo';
  return { placement, content: { ...content, appearance } };
}
