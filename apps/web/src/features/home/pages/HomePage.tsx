import { Navigate } from 'react-router';
import { NAMED_TARGETS } from '../../../app/paths';
import { useSession } from '../../../lib/useSession';
import { DashboardPage } from '../../dashboard/pages/DashboardPage';

/** /home (home-dashboard): the dashboard. A superadmin is redirected to tenants (SPEC §2). */
export function HomePage() {
  const session = useSession();
  if (session?.profile === 'superadmin') return <Navigate to={NAMED_TARGETS.tenants} replace />;
  if (!session) return null;
  return <DashboardPage />;
}
