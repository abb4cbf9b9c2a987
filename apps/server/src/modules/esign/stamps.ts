/**
 * A transaction's stamp, from what its request asked (or its application's default):
 * where it goes on each PDF, and what it says — who signed, when, why, and the verify page's
 * address for this transaction. Null appearance `none`: the signature is not shown.
 */
import { parseStampPlacement, type SignatureStamp } from '@tawqi/api';
import type { StampAppearance, StampContent } from '../../pdf/signatureStamp.js';
import type { StampPlacement, VisibleSignature } from '../pki/visibleSignature.js';

export function placementOf(stamp: SignatureStamp | null): StampPlacement | null {
  if (stamp?.appearance === 'none') return null;
  if (stamp?.field) return { field: stamp.field };
  const places = stamp?.placement ? parseStampPlacement(stamp.placement) : null;
  return places ? { places } : 'default';
}

/** Whether any of these stamps asks for the organization's own logo. */
export const showsOrganizationLogo = (stamps: readonly (SignatureStamp | null | undefined)[]) =>
  stamps.some((stamp) => stamp?.appearance === 'organization');

export function visibleSignatureOf(
  stamp: SignatureStamp | null,
  content: {
    nameArabic: string;
    nameEnglish: string;
    signedAt: Date;
    reason: string;
    verifyUrl: string;
  },
  /** The paying organization's logo and names, when it has a logo. */
  organization?: StampContent['organization'],
): VisibleSignature | undefined {
  const placement = placementOf(stamp);
  if (!placement) return undefined;
  if (stamp?.appearance === 'organization' && organization)
    return { placement, content: { ...content, appearance: 'organization', organization } };
  // The organization's logo removed since the request: the service's mark instead.
  const appearance: StampAppearance = stamp?.appearance === 'text' ? 'text' : 'logo';
  return { placement, content: { ...content, appearance } };
}
