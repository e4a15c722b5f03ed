import { CalendarX2, Pencil, Plus, Power, Trash2 } from 'lucide-react';
import { LANGUAGE_NAMES_FR, TRANSLATED_LANGUAGES } from '../../../../shared/i18n/languages';
import type { ClassDto, WeeklySessionDto } from '../../../../shared/schemas/timetable';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { IconButton } from '../../components/ui/icon-button';
import { LEVEL_LABELS, WEEKDAY_LABELS } from './labels';

/** What a class card's buttons open; the tab holds the dialogs. */
export interface ClassCardActions {
  onEdit: (cls: ClassDto) => void;
  onToggle: (cls: ClassDto) => void;
  toggleBusy: boolean;
  onEditSession: (cls: ClassDto, session: WeeklySessionDto | null) => void;
  onCancelSession: (session: WeeklySessionDto) => void;
  onDeleteSession: (session: WeeklySessionDto) => void;
}

/** A class with its badges and, unless by appointment, its weekly sessions. */
export function ClassCard({ cls: c, sessions, actions }: { cls: ClassDto; sessions: WeeklySessionDto[]; actions: ClassCardActions }) {
  const own = sessions.filter((s) => s.classId === c.id).sort((a, b) => a.weekday - b.weekday || a.startTime.localeCompare(b.startTime));
  return (
    <Card className="flex h-full flex-col p-4" data-testid="class-card">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="font-semibold wrap-anywhere text-gray-900">{c.name}</h2>
          <div className="mt-1 flex flex-wrap gap-2">
            <Badge tone="blue">{LEVEL_LABELS[c.level]}</Badge>
            <Badge tone="gray">{`${c.durationMinutes} min`}</Badge>
            {c.byAppointment && <Badge tone="purple">Sur rendez-vous</Badge>}
            <Badge tone={c.active ? 'green' : 'gray'}>{c.active ? 'Actif' : 'Inactif'}</Badge>
          </div>
        </div>
        <div className="flex shrink-0 gap-1">
          <IconButton label={`Modifier le cours ${c.name}`} size="tap" onClick={() => actions.onEdit(c)}>
            <Pencil className="h-4 w-4" aria-hidden />
          </IconButton>
          <IconButton
            label={c.active ? `Désactiver le cours ${c.name}` : `Réactiver le cours ${c.name}`}
            size="tap"
            onClick={() => actions.onToggle(c)}
            disabled={actions.toggleBusy}
          >
            <Power className={c.active ? 'h-4 w-4 text-green-700' : 'h-4 w-4'} aria-hidden />
          </IconButton>
        </div>
      </div>
      {c.description && <p className="mt-2 text-sm wrap-anywhere text-gray-700">{c.description}</p>}
      <TranslatedIn translations={c.descriptionTranslations} />
      {!c.byAppointment && (
        <>
          <h3 className="mt-4 mb-2 text-sm font-semibold text-gray-900">Créneaux hebdomadaires</h3>
          {own.length === 0 ? (
            <p className="text-sm text-gray-700">Aucun créneau.</p>
          ) : (
            <ul className="divide-y divide-gray-100 rounded-md border border-gray-200" aria-label={`Créneaux de ${c.name}`}>
              {own.map((s) => (
                <SessionRow key={s.id} cls={c} session={s} actions={actions} />
              ))}
            </ul>
          )}
          <div className="mt-3">
            <Button variant="outline" size="sm" className="h-11 md:h-8" onClick={() => actions.onEditSession(c, null)}>
              <Plus className="h-4 w-4" aria-hidden />
              Ajouter un créneau
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}

function SessionRow({ cls: c, session: s, actions }: { cls: ClassDto; session: WeeklySessionDto; actions: ClassCardActions }) {
  const label = `${WEEKDAY_LABELS[s.weekday]} ${s.startTime}`;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 px-3 py-2" data-testid="weekly-session-row">
      <div className="min-w-0 text-sm">
        <span className="font-medium text-gray-900">{label}</span>
        <span className="text-gray-700">
          {' · '}
          <span data-testid="weekly-session-capacity">{s.capacity}</span> places
          {s.coach ? ` · ${s.coach}` : ''}
        </span>
        {!s.active && (
          <Badge tone="gray" className="ml-2">
            Inactif
          </Badge>
        )}
      </div>
      {/* When the row wraps on a phone, the buttons go to the right, under the thumb. */}
      <div className="ml-auto flex gap-1">
        <IconButton label={`Modifier le créneau ${c.name} ${label}`} size="tap" onClick={() => actions.onEditSession(c, s)}>
          <Pencil className="h-4 w-4" aria-hidden />
        </IconButton>
        <IconButton label={`Annuler une date du créneau ${c.name} ${label}`} size="tap" onClick={() => actions.onCancelSession(s)}>
          <CalendarX2 className="h-4 w-4" aria-hidden />
        </IconButton>
        <IconButton
          label={`Supprimer le créneau ${c.name} ${label}`}
          size="tap"
          onClick={() => actions.onDeleteSession(s)}
          className="text-red-700 hover:bg-red-50"
        >
          <Trash2 className="h-4 w-4" aria-hidden />
        </IconButton>
      </div>
    </li>
  );
}

/** Which languages a class's description is written in besides English. */
function TranslatedIn({ translations }: { translations: ClassDto['descriptionTranslations'] }) {
  const done = TRANSLATED_LANGUAGES.filter((l) => translations[l]);
  return (
    <p className="mt-1 text-xs text-gray-700" data-testid="class-translations">
      {done.length === 0 ? 'Description en anglais seulement' : `Description traduite en ${done.map((l) => LANGUAGE_NAMES_FR[l]).join(', ')}`}
    </p>
  );
}
