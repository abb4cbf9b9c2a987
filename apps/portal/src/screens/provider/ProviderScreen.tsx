/**
 * The frame of a provider's pages (the provider area, issue 36): the title, the area's links, the
 * lead, and the active provider, which the provider's grids and calls name.
 */
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { activeProviderAtom } from '../../state/atoms.js';
import { heading, muted, screen, title as titleStyle } from '../my/my.css.js';
import { SectionLinks } from '../org/SectionLinks.js';

export function ProviderScreen({
  title,
  lead,
  children,
}: {
  title: string;
  lead: string;
  children: (view: { provider: number }) => ReactNode;
}) {
  const active = useAtomValue(activeProviderAtom);
  if (!active) return null;
  return (
    <div className={screen}>
      <div className={heading}>
        <h1 className={titleStyle}>{title}</h1>
        <SectionLinks section="providers" />
      </div>
      <p className={muted}>{lead}</p>
      {children({ provider: active.sipSlNo })}
    </div>
  );
}
