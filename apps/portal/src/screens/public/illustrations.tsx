/**
 * Drawings for the public pages: the identity app on a phone, a certificate, a verified document,
 * and the signed document of the home page. Decorative (hidden from assistive technology: the text
 * beside each says what it shows), drawn in the theme's colours.
 */
import {
  accent,
  accentLine,
  art,
  ink,
  line,
  onAccent,
  paper,
  success,
  successSoft,
  sunken,
} from './illustrations.css.js';

const frame = { viewBox: '0 0 160 120', className: art, 'aria-hidden': true, focusable: false };

/** A phone showing the identity app's request: three numbers to choose from, one chosen. */
export function IdentityArt() {
  return (
    <svg {...frame}>
      <rect className={sunken} x="10" y="10" width="140" height="100" rx="14" />
      <rect className={paper} x="55" y="14" width="50" height="92" rx="8" strokeWidth="2" />
      <path className={line} d="M72 22h16" strokeWidth="3" />
      <circle className={paper} cx="66" cy="58" r="8" strokeWidth="2" />
      <circle className={accent} cx="80" cy="58" r="9" />
      <circle className={paper} cx="94" cy="58" r="8" strokeWidth="2" />
      <path className={onAccent} d="M76 58l3 3 5-6" strokeWidth="2.5" />
      <path className={line} d="M66 80h28M70 88h20" strokeWidth="3" />
    </svg>
  );
}

/** A certificate with its seal and ribbons. */
export function CertificateArt() {
  return (
    <svg {...frame}>
      <rect className={sunken} x="10" y="10" width="140" height="100" rx="14" />
      <rect className={paper} x="30" y="22" width="100" height="70" rx="6" strokeWidth="2" />
      <path className={line} d="M44 38h52M44 50h40M44 62h46" strokeWidth="3" />
      <path className={accent} d="M100 78l-6 22 8-5 8 5-6-22z" />
      <circle className={accent} cx="106" cy="72" r="13" />
      <circle className={onAccent} cx="106" cy="72" r="7" strokeWidth="2" />
    </svg>
  );
}

/** A signed document with the mark of a successful check. */
export function VerifiedArt() {
  return (
    <svg {...frame}>
      <rect className={sunken} x="10" y="10" width="140" height="100" rx="14" />
      <path className={paper} d="M48 18h46l16 16v68H48z" strokeWidth="2" />
      <path className={line} d="M58 40h30M58 52h40M58 64h36" strokeWidth="3" />
      <path className={ink} d="M58 86c6-8 10 4 16-2s8-6 12 0" strokeWidth="2" />
      <circle className={successSoft} cx="108" cy="86" r="16" />
      <circle className={success} cx="108" cy="86" r="11" />
      <path className={onAccent} d="M103 86l4 4 7-8" strokeWidth="2.5" />
    </svg>
  );
}

/** The home page's drawing: a document being signed, its seal, and the phone that confirms it. */
export function SigningArt() {
  return (
    <svg {...frame} viewBox="0 0 240 180">
      <rect className={sunken} x="8" y="8" width="224" height="164" rx="20" />
      <path className={paper} d="M40 24h92l22 22v110H40z" strokeWidth="2" />
      <path className={line} d="M56 52h62M56 68h80M56 84h72M56 100h78" strokeWidth="4" />
      <path
        className={accentLine}
        d="M56 132c10-14 16 6 26-4s14-10 22 0 8 2 14-2"
        strokeWidth="3"
      />
      <circle className={accent} cx="136" cy="132" r="14" />
      <circle className={onAccent} cx="136" cy="132" r="7" strokeWidth="2" />
      <rect className={paper} x="166" y="62" width="46" height="86" rx="8" strokeWidth="2" />
      <path className={line} d="M182 70h14" strokeWidth="3" />
      <circle className={success} cx="189" cy="104" r="12" />
      <path className={onAccent} d="M184 104l4 4 7-8" strokeWidth="2.5" />
    </svg>
  );
}
