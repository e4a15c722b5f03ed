import { ROLES } from '../../../../shared/constants';
import { roleLabel } from '../../components/layout/admin-shell';

export const roleOptions = ROLES.map((r) => ({ value: r, label: roleLabel(r) }));
