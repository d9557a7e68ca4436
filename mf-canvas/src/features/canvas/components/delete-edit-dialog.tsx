import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, Spinner } from '@atelier/ui';
import { TEXTS } from '../../../constants';

interface DeleteEditDialogProps {
  open: boolean;
  deleting: boolean;
  onCancel(): void;
  onConfirm(): void;
  onCloseAutoFocus(event: Event): void;
}

/** Deleting an edit's result deletes the edit (DELETE /api/canvas/edit/:id): asked first. */
export function DeleteEditDialog({ open, deleting, onCancel, onConfirm, onCloseAutoFocus }: DeleteEditDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !deleting && onCancel()}>
      <DialogContent data-remote="mf_canvas" className="max-w-md" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{TEXTS.deleteTitle}</DialogTitle>
          <DialogDescription>{TEXTS.deleteText}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="ghost" onClick={onCancel} disabled={deleting}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={onConfirm} disabled={deleting}>
            {deleting && <Spinner label="Deleting" className="[&_svg]:h-4 [&_svg]:w-4" />}
            Delete edit
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
