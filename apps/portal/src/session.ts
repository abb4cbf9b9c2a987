/**
 * Where a signed-in user lands: enrolment admins on the organization dashboard, a provider's
 * staff who administer no organization on the provider's home (issue 36), others on theirs.
 */
import type { SessionData } from '@tawqi/api';
import { ROUTES } from '@tawqi/domain';
import { PROVIDER_PATHS } from './paths.js';

export function dashboardFor(session: SessionData): string {
  const admin = session.selectedOrganization?.roles.includes('enrolmentAdmin') ?? false;
  if (admin) return ROUTES.organizationDashboard;
  return session.providerList.length > 0 ? PROVIDER_PATHS.index : ROUTES.individualDashboard;
}
