/**
 * Allocating role counters to an L2 provider (SPEC §2 `/app/org/buy/role/l2/counter/create`):
 * the L1's remaining counters per role, and the allocation (AllocationForm); done, back to the
 * allocation list, which shows it.
 */
import { Link } from '@tawqi/ui';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { PROVIDER_PATHS } from '../../paths.js';
import { activeProviderAtom } from '../../state/atoms.js';
import { actions, heading, muted, screen, title } from '../my/my.css.js';
import { AllocationForm } from './AllocationForm.js';

export default function AllocateRoles() {
  const { t } = useTranslation('org');
  const active = useAtomValue(activeProviderAtom);
  const [, navigate] = useLocation();
  if (!active) return null;
  return (
    <div className={screen}>
      <div className={heading}>
        <h1 className={title}>{t('providers.roles.allocate')}</h1>
      </div>
      <p className={muted}>{t('providers.roles.createLead')}</p>
      <AllocationForm
        kind="roles"
        provider={active.sipSlNo}
        onDone={() => navigate(PROVIDER_PATHS.roleAllocations)}
      />
      <div className={actions}>
        <Link href={PROVIDER_PATHS.roleAllocations}>{t('providers.roles.back')}</Link>
      </div>
    </div>
  );
}
