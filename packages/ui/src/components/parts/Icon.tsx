/**
 * The few icons the components need, drawn inline. Directional ones (chevrons) mirror in
 * right-to-left, as STYLE.md asks.
 */
import { useLocale } from 'react-aria-components';

const PATHS = {
  close: 'M6 6l12 12M18 6L6 18',
  search: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zm9 16l-4.35-4.35',
  chevronDown: 'M6 9l6 6 6-6',
  chevronStart: 'M15 6l-6 6 6 6',
  chevronEnd: 'M9 6l6 6-6 6',
  firstPage: 'M17 6l-6 6 6 6M7 6v12',
  lastPage: 'M7 6l6 6-6 6M17 6v12',
  check: 'M5 12l5 5 9-10',
  calendar: 'M7 3v3M17 3v3M4 8h16M5 5h14v15H5z',
  menu: 'M4 7h16M4 12h16M4 17h16',
  info: 'M12 8h.01M11 12h1v5h1M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z',
  warning: 'M12 4l9 16H3zM12 10v4M12 17h.01',
  error: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM9 9l6 6M15 9l-6 6',
  success: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM8 12l3 3 5-6',
  inbox: 'M4 13l3-8h10l3 8v6H4zM4 13h5l1 2h4l1-2h5',
  more: 'M12 6h.01M12 12h.01M12 18h.01',
  download: 'M12 4v11M7 10l5 5 5-5M5 20h14',
} as const;

export type IconName = keyof typeof PATHS;
const MIRRORED: readonly IconName[] = ['chevronStart', 'chevronEnd', 'firstPage', 'lastPage'];

export function Icon({ name, size = 18 }: { name: IconName; size?: number }) {
  const { direction } = useLocale();
  const mirror = direction === 'rtl' && MIRRORED.includes(name);
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      style={mirror ? { transform: 'scaleX(-1)' } : undefined}
      data-icon={name}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
