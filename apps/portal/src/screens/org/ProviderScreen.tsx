/**
 * The frame of an L1 provider's pages (approval/ltwo, reports/stock, buy/role/l2/counter): the
 * title, the section's links, the lead, and the active organization with its provider, which the
 * provider's grids and calls name.
 */
import type { GridView } from '@tawqi/api/grids';
import { queryIdOf } from '@tawqi/domain';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { activeOrganizationAtom } from '../../state/atoms.js';
import { heading, muted, screen, title as titleStyle } from '../my/my.css.js';
import { SectionLinks } from './SectionLinks.js';

export function ProviderScreen({
  title,
  lead,
  children,
}: {
  title: string;
  lead: string;
  children: (view: { organization: GridView['organization']; provider: number }) => ReactNode;
}) {
  const active = useAtomValue(activeOrganizationAtom);
  if (!active) return null;
  const organization = { slno: active.slno, queryId: queryIdOf(active), provider: active.sipSlNo };
  return (
    <div className={screen}>
      <div className={heading}>
        <h1 className={titleStyle}>{title}</h1>
        <SectionLinks section="providers" />
      </div>
      <p className={muted}>{lead}</p>
      {children({ organization, provider: active.sipSlNo })}
    </div>
  );
}
