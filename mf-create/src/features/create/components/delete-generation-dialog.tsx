import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, Spinner } from '@atelier/ui';
import { MESSAGES } from '../../../constants';

interface DeleteGenerationDialogProps {
  /** What is being deleted ("Image", "Video"…), or null when closed. */
  kind: string | null;
  deleting: boolean;
  onCancel(): void;
  onConfirm(): void;
}

/** Deleting a creation deletes its file for good: asked first. */
export function DeleteGenerationDialog({ kind, deleting, onCancel, onConfirm }: DeleteGenerationDialogProps) {
  return (
    <Dialog open={kind !== null} onOpenChange={(next) => !next && !deleting && onCancel()}>
      {kind !== null && (
        // Portaled out of the remote's container: the attribute keeps this remote's scoped CSS applying.
        <DialogContent data-remote="mf_create" className="max-w-md">
          <DialogHeader>
            <DialogTitle>{MESSAGES.deleteTitle(kind)}</DialogTitle>
            <DialogDescription>{MESSAGES.deleteText}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="ghost" onClick={onCancel} disabled={deleting}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={onConfirm} disabled={deleting}>
              {deleting && <Spinner label="Deleting" className="[&_svg]:h-4 [&_svg]:w-4" />}
              Delete
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}
