import { Navigate } from 'react-router';
import { getProfile } from '../../lib/session';
import { rootTargetFor } from '../paths';

/** `/`: the superadmin goes to tenants, everyone else to contatos (SPEC §2; see NAMED_TARGETS). */
export function RootRedirect() {
  return <Navigate to={rootTargetFor(getProfile())} replace />;
}
