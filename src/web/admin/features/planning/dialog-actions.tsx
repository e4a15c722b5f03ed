import { Button } from '../../components/ui/button';

/** A planning dialog's "Annuler" and its submit button, which shows the save under way. */
export function DialogActions({ onCancel, busy, submit }: { onCancel: () => void; busy: boolean; submit: string }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="outline" onClick={onCancel}>
        Annuler
      </Button>
      <Button type="submit" pending={busy}>
        {submit}
      </Button>
    </div>
  );
}
