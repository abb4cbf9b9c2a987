/**
 * A signature's place chosen from the keyboard: its page and a corner of it (the box dragged on
 * the page says "where you dragged it"). Signing my own PDFs places mine this way; sending an
 * envelope places each signer's.
 */
import { Select } from '@tawqi/ui';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../format.js';
import {
  CORNERS,
  atCorner,
  cornerOf,
  type Corner,
  type PageSize,
  type StampSpot,
} from './ownSigning.js';
import { placeRow } from './signOwn.css.js';

export function PlacementChoices({
  pages,
  spot,
  labels,
  onPlace,
}: {
  pages: readonly PageSize[];
  spot: StampSpot;
  labels: { page: string; corner: string };
  /** The new place, and the page it is on (to show it). */
  onPlace: (spot: StampSpot) => void;
}) {
  const { t } = useTranslation('my');
  const format = useFormat();
  const sizeOf = (page: number) => pages[page - 1] ?? { width: 595, height: 842 };
  const corner: Corner | 'elsewhere' = cornerOf(spot, sizeOf(spot.page)) ?? 'elsewhere';
  const moveTo = (page: number, at: Corner) => {
    onPlace({ page, ...atCorner(sizeOf(page), at) });
  };
  return (
    <div className={placeRow}>
      <Select
        label={labels.page}
        options={pages.map((_, index) => ({ id: index + 1, label: format.number(index + 1) }))}
        value={spot.page}
        onChange={(key) => {
          if (typeof key === 'number') moveTo(key, corner === 'elsewhere' ? 'lowerRight' : corner);
        }}
      />
      <Select
        label={labels.corner}
        options={[
          ...CORNERS.map((id) => ({ id, label: t(`signOwn.corners.${id}`) })),
          ...(corner === 'elsewhere'
            ? [{ id: 'elsewhere', label: t('signOwn.corners.elsewhere'), isDisabled: true }]
            : []),
        ]}
        value={corner}
        onChange={(key) => {
          const chosen = CORNERS.find((one) => one === key);
          if (chosen) moveTo(spot.page, chosen);
        }}
      />
    </div>
  );
}
