/** Where a signed-in user lands: enrolment admins on the organization dashboard, others on theirs. */
import type { SessionData } from '@tawqi/api';
import { ROUTES } from '@tawqi/domain';

export function dashboardFor(session: SessionData): string {
  const admin = session.selectedOrganization?.roles.includes('enrolmentAdmin') ?? false;
  return admin ? ROUTES.organizationDashboard : ROUTES.individualDashboard;
}
