import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { IconButton } from '../../components/ui/icon-button';
import { ListError } from './fields';

/** Up, down and delete for one item of an ordered list ("what" names the item for screen readers). */
export function MoveButtons({
  what,
  index,
  count,
  onUp,
  onDown,
  onRemove,
}: {
  what: string;
  index: number;
  count: number;
  onUp: () => void;
  onDown: () => void;
  onRemove: () => void;
}) {
  return (
    <div className="flex shrink-0 gap-1">
      <IconButton label={`Monter ${what}`} onClick={onUp} disabled={index === 0}>
        <ArrowUp className="h-4 w-4" aria-hidden />
      </IconButton>
      <IconButton label={`Descendre ${what}`} onClick={onDown} disabled={index === count - 1}>
        <ArrowDown className="h-4 w-4" aria-hidden />
      </IconButton>
      <IconButton label={`Supprimer ${what}`} onClick={onRemove} className="text-red-700 hover:bg-red-50">
        <Trash2 className="h-4 w-4" aria-hidden />
      </IconButton>
    </div>
  );
}

export interface ItemControls {
  count: number;
  onUp: () => void;
  onDown: () => void;
  onRemove: () => void;
}

/**
 * A list of the form whose items the owner reorders, removes and adds (price rows, reviews):
 * the items, the list's own error, and the add button while under `max`.
 */
export function OrderedItems({
  fields,
  move,
  remove,
  listName,
  max,
  addLabel,
  onAdd,
  renderItem,
}: {
  fields: { id: string }[];
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
  listName: string;
  max: number;
  addLabel: string;
  onAdd: () => void;
  renderItem: (index: number, controls: ItemControls) => ReactNode;
}) {
  return (
    <>
      <ol className="grid gap-3">
        {fields.map((f, i) => (
          <Fragment key={f.id}>
            {renderItem(i, { count: fields.length, onUp: () => move(i, i - 1), onDown: () => move(i, i + 1), onRemove: () => remove(i) })}
          </Fragment>
        ))}
      </ol>
      <ListError name={listName} />
      {fields.length < max && (
        <Button variant="outline" size="sm" className="w-fit" onClick={onAdd}>
          <Plus className="h-4 w-4" aria-hidden />
          {addLabel}
        </Button>
      )}
    </>
  );
}
