import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEventHandler, type ReactNode } from 'react';
import { useAction } from '../lib/use-action';
import { StaleEditAlert } from './stale-edit';
import { Button } from './ui/button';
import { Card } from './ui/card';
import { ConfirmDialog, Modal } from './ui/dialog';
import { IconButton } from './ui/icon-button';
import { EmptyState, PageHeader } from './ui/page-header';
import { Spinner } from './ui/spinner';

/** null: the dialog is closed; 'new': create mode; an item: edit mode. */
export type Editing<T> = T | 'new' | null;

export interface ListEditorTexts<T> {
  title: string;
  subtitle: string;
  /** The create button ("Nouvelle catégorie"). */
  create: string;
  empty: string;
  /** The list's accessible name. */
  list: string;
  /** What an item is called in its buttons' names: "la catégorie" → "Modifier la catégorie Judo". */
  item: string;
  deleteTitle: string;
  deleteDescription: (item: T) => string;
  deleted: string;
}

/**
 * One screen for a short list of named records edited in a dialog (blog categories, saved
 * replies): header with a create button, empty state, a grid of cards with edit and delete,
 * the delete confirmation. The screen gives its texts, each card's content and its dialog.
 */
export function ListEditor<T extends { id: number }>({
  items,
  isLoading,
  texts,
  name,
  heading,
  body,
  gridClassName,
  cardTestId,
  onDelete,
  deleting,
  dialog,
  before,
}: {
  items: T[] | undefined;
  isLoading: boolean;
  texts: ListEditorTexts<T>;
  /** The item's name in its buttons' labels and the delete confirmation. */
  name: (item: T) => string;
  /** The card's top-left part, beside the buttons. */
  heading: (item: T) => ReactNode;
  /** The card's content under its heading. */
  body: (item: T) => ReactNode;
  gridClassName: string;
  cardTestId: string;
  onDelete: (id: number) => Promise<unknown>;
  deleting: boolean;
  dialog: (editing: Editing<T>, close: () => void) => ReactNode;
  /** Shown above the header (a way back). */
  before?: ReactNode;
}) {
  const run = useAction();
  const [editing, setEditing] = useState<Editing<T>>(null);
  const [toDelete, setToDelete] = useState<T | null>(null);

  function confirmDelete() {
    if (!toDelete) return;
    void run(() => onDelete(toDelete.id), { success: texts.deleted, failure: 'Erreur lors de la suppression', onSettled: () => setToDelete(null) });
  }

  const createButton = (
    <Button onClick={() => setEditing('new')}>
      <Plus className="h-4 w-4" aria-hidden />
      {texts.create}
    </Button>
  );

  return (
    <>
      {before}
      <PageHeader title={texts.title} subtitle={texts.subtitle} actions={createButton} />
      {isLoading && <Spinner />}
      {items && items.length === 0 && <EmptyState title={texts.empty}>{createButton}</EmptyState>}
      {items && items.length > 0 && (
        <ul className={gridClassName} aria-label={texts.list}>
          {items.map((item) => (
            <li key={item.id}>
              <Card className="flex h-full flex-col p-4" data-testid={cardTestId}>
                <div className="flex items-start justify-between gap-2">
                  {heading(item)}
                  <div className="flex shrink-0 gap-1">
                    <IconButton label={`Modifier ${texts.item} ${name(item)}`} onClick={() => setEditing(item)}>
                      <Pencil className="h-4 w-4" aria-hidden />
                    </IconButton>
                    <IconButton label={`Supprimer ${texts.item} ${name(item)}`} onClick={() => setToDelete(item)} className="text-red-700 hover:bg-red-50">
                      <Trash2 className="h-4 w-4" aria-hidden />
                    </IconButton>
                  </div>
                </div>
                {body(item)}
              </Card>
            </li>
          ))}
        </ul>
      )}
      {dialog(editing, () => setEditing(null))}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={texts.deleteTitle}
        description={toDelete ? texts.deleteDescription(toDelete) : ''}
        onConfirm={confirmDelete}
        busy={deleting}
      />
    </>
  );
}

/** The list editor's create/edit dialog: the screen's fields, the stale-edit alert, Annuler and the submit button. */
export function ListEditorDialog({
  open,
  onClose,
  title,
  onSubmit,
  submitting,
  submitLabel,
  stale,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitting: boolean;
  submitLabel: string;
  /** Someone else saved first: their sentence, and what "Recharger" does. */
  stale?: { message: string | null; onReload: () => void };
  children: ReactNode;
}) {
  return (
    <Modal open={open} onOpenChange={(o) => !o && onClose()} title={title}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        {children}
        {stale?.message && <StaleEditAlert message={stale.message} onReload={stale.onReload} />}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" pending={submitting}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
