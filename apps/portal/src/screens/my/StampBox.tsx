/**
 * A signature's box over a drawn page, dragged with a pointer (a finger on a phone): where the
 * stamp will be drawn. Signing my own PDFs places mine; sending an envelope places each signer's.
 */
import { useRef, type PointerEvent } from 'react';
import { stampSize, within, type PageSize, type StampSpot } from './ownSigning.js';
import { stampBox } from './signOwn.css.js';

/** The signature's box over its page: dragged with a pointer (a finger on a phone). */
export function StampBox({
  spot,
  page,
  label,
  onMove,
}: {
  spot: StampSpot;
  page: PageSize;
  label: string;
  onMove: (spot: StampSpot) => void;
}) {
  const drag = useRef<{ x: number; y: number; from: StampSpot; scale: number } | null>(null);
  const size = stampSize(page);
  const percent = (value: number, of: number) => `${String((value / of) * 100)}%`;
  const start = (event: PointerEvent<HTMLDivElement>) => {
    const frame = event.currentTarget.parentElement;
    if (!frame) return;
    drag.current = {
      x: event.clientX,
      y: event.clientY,
      from: spot,
      scale: frame.clientWidth / page.width,
    };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const move = (event: PointerEvent<HTMLDivElement>) => {
    const from = drag.current;
    if (!from) return;
    // A page's y runs up, the screen's down.
    onMove(
      within(
        {
          page: spot.page,
          x: from.from.x + (event.clientX - from.x) / from.scale,
          y: from.from.y - (event.clientY - from.y) / from.scale,
        },
        page,
      ),
    );
  };
  const end = () => {
    drag.current = null;
  };
  return (
    <div
      className={stampBox}
      data-stamp="true"
      // The page is placed as printed, whatever the text's direction: physical sides.
      style={{
        left: percent(spot.x, page.width),
        bottom: percent(spot.y, page.height),
        width: percent(size.width, page.width),
        height: percent(size.height, page.height),
      }}
      onPointerDown={start}
      onPointerMove={move}
      onPointerUp={end}
      onPointerCancel={end}
    >
      {label}
    </div>
  );
}
