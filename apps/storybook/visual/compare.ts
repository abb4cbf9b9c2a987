/**
 * How the visual review judges an image against its accepted one, whatever Chromium it is given.
 *
 * The accepted images are digests of their pixels, recorded with one Chromium. The same Chromium
 * draws the same pixels, so the digest decides. Another patch release of the same major version
 * (Debian's security updates) usually draws them too, and otherwise differs by anti-aliasing at
 * most, which a digest cannot tell from a change: there a differing digest is checked again
 * against the same story as the commit that accepted the images draws it in this very Chromium,
 * with pixelmatch (anti-aliased pixels detected and left out, a handful of others allowed). Drawn
 * by one Chromium, the two differ only where the page changed. Another major version draws text
 * differently throughout: the images must be accepted again.
 */
import { createHash } from 'node:crypto';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

export const RENEW_COMMAND = 'npm run visual:update -w @tawqi/storybook';

/** `156.0.8078.129` → 156. */
export function majorOf(version: string): number {
  return Number.parseInt(version, 10);
}

/** The accepted images: digests of their pixels, and the Chromium that drew them. */
export interface Baselines {
  /** The Chromium that drew them: another version draws text a little differently. */
  chromium: string;
  images: Record<string, string>;
  /**
   * The images accepted since on another patch release of it (some stories renewed on another
   * machine): each judged against the Chromium that drew it.
   */
  drawnOn?: Record<string, string>;
}

/**
 * The baselines with `seen` accepted, drawn by `chromium`, and only images the review still plans
 * (`planned`: a story renamed or removed takes its images with it). All of them renewed: that
 * Chromium's.
 * Some: the others keep the Chromium that drew them, and these name theirs where it is another —
 * a renewal on another patch release must not make the rest look drawn by it.
 */
export function renewed(
  before: Baselines,
  seen: Record<string, string>,
  renewal: { all: boolean; chromium: string; planned: ReadonlySet<string> },
): Baselines {
  const sorted = (entries: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(entries)
        .filter(([key]) => renewal.planned.has(key))
        .sort(([a], [b]) => a.localeCompare(b)),
    );
  if (renewal.all || !before.chromium) return { chromium: renewal.chromium, images: sorted(seen) };
  // Renewed on the baselines' own Chromium, an image is theirs again; on another, it is that one's.
  const drawnOn = Object.fromEntries([
    ...Object.entries(before.drawnOn ?? {}).filter(([key]) => !(key in seen)),
    ...(renewal.chromium === before.chromium
      ? []
      : Object.keys(seen).map((key) => [key, renewal.chromium] as const)),
  ]);
  return {
    chromium: before.chromium,
    images: sorted({ ...before.images, ...seen }),
    ...(Object.keys(drawnOn).length > 0 ? { drawnOn: sorted(drawnOn) } : {}),
  };
}

export type Verdict =
  /** The digest is the accepted one. */
  | 'equal'
  /** Drawn by another major version: nothing can be compared until the images are accepted again. */
  | 'other major'
  /** The same Chromium drew other pixels: the page changed. */
  | 'changed'
  /** Another patch release drew other pixels: compare with the accepting commit's rendering. */
  | 'compare with reference';

export function verdictOf(judged: {
  accepted: string | undefined;
  drawn: string;
  acceptedOn: string;
  drawnOn: string;
}): Verdict {
  if (majorOf(judged.acceptedOn) !== majorOf(judged.drawnOn)) return 'other major';
  if (judged.accepted === judged.drawn) return 'equal';
  if (judged.accepted === undefined || judged.acceptedOn === judged.drawnOn) return 'changed';
  return 'compare with reference';
}

/** The image's size and pixels (not the PNG's bytes, which an encoder may vary). */
export function digestOf(png: Buffer): string {
  const image = PNG.sync.read(png);
  return createHash('sha256')
    .update(`${String(image.width)}x${String(image.height)}`)
    .update(image.data)
    .digest('hex')
    .slice(0, 24);
}

/** pixelmatch's colour distance (OKLab) below which two pixels count as equal. */
const THRESHOLD = 0.1;
/**
 * Pixels that may differ beyond anti-aliasing. Both images are drawn by the same Chromium, so
 * only what that Chromium leaves to chance may differ, and its flags leave nothing: a handful is
 * allowed. A 1 px padding change differs in a hundred and more.
 */
const ALLOWED_PIXELS = 16;

export interface Likeness {
  alike: boolean;
  /** Pixels that differ and are not anti-aliasing. */
  differing: number;
  /** The picture of the differences (red), for a person to look at. */
  difference: Buffer;
}

/** Whether two screenshots show the same page but for anti-aliasing. */
export function likeness(drawn: Buffer, reference: Buffer): Likeness {
  const a = PNG.sync.read(drawn);
  const b = PNG.sync.read(reference);
  // Another size: something moved or grew, not anti-aliasing.
  if (a.width !== b.width || a.height !== b.height)
    return { alike: false, differing: a.width * a.height, difference: drawn };
  const picture = new PNG({ width: a.width, height: a.height });
  const differing = pixelmatch(a.data, b.data, picture.data, a.width, a.height, {
    threshold: THRESHOLD,
    includeAA: false,
  });
  return {
    alike: differing <= ALLOWED_PIXELS,
    differing,
    difference: PNG.sync.write(picture),
  };
}
