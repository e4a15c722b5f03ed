import { Pencil, Power, Trash2 } from 'lucide-react';
import { NO_SELF_DEACTIVATE } from '../../../../shared/messages';
import { roleLabel } from '../../components/layout/admin-shell';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { IconButton } from '../../components/ui/icon-button';
import { formatDate } from '../../lib/format';
import type { User } from '../../lib/types';

/** One account: name, e-mail, role, status, and its buttons (one's own cannot be switched off or deleted). */
export function UserCard({
  u,
  isMe,
  onEdit,
  onToggleActive,
  toggling,
  onDelete,
}: {
  u: User;
  isMe: boolean;
  onEdit: () => void;
  onToggleActive: () => void;
  toggling: boolean;
  onDelete: () => void;
}) {
  return (
    <Card className="flex h-full flex-col p-4" data-testid="user-card">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="font-semibold wrap-anywhere text-gray-900">
            {u.name} {isMe && <span className="font-normal text-gray-700">(Vous)</span>}
          </h2>
          <p className="text-sm wrap-anywhere text-gray-700">{u.email}</p>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Badge tone={u.role === 'admin' ? 'purple' : 'blue'}>{roleLabel(u.role)}</Badge>
        <Badge tone={u.isActive ? 'green' : 'gray'}>{u.isActive ? 'Actif' : 'Inactif'}</Badge>
      </div>
      <p className="mt-3 text-xs text-gray-700">Créé le {formatDate(u.createdAt)}</p>
      {isMe && (
        <p id={`self-note-${u.id}`} className="mt-2 text-xs text-gray-700">
          {NO_SELF_DEACTIVATE}
        </p>
      )}
      <div className="mt-auto flex justify-end gap-1 pt-3">
        <IconButton label={`Modifier ${u.name}`} size="tap" onClick={onEdit}>
          <Pencil className="h-4 w-4" aria-hidden />
        </IconButton>
        {/* One's own account: disabled, as deleting it is unavailable; the note below says why. */}
        <IconButton
          label={u.isActive ? `Désactiver ${u.name}` : `Activer ${u.name}`}
          size="tap"
          onClick={onToggleActive}
          disabled={toggling || isMe}
          aria-describedby={isMe ? `self-note-${u.id}` : undefined}
        >
          <Power className={u.isActive ? 'h-4 w-4 text-green-700' : 'h-4 w-4'} aria-hidden />
        </IconButton>
        {!isMe && (
          <IconButton label={`Supprimer ${u.name}`} size="tap" onClick={onDelete} className="text-red-700 hover:bg-red-50">
            <Trash2 className="h-4 w-4" aria-hidden />
          </IconButton>
        )}
      </div>
    </Card>
  );
}
