import type { LimitDialogOptions } from '@atelier/host';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@atelier/ui';
import { ROUTES, TEXTS } from '../../../constants';

export interface LimitDialogProps {
  /** What ran out, or null when closed. */
  limit: LimitDialogOptions | null;
  onClose: () => void;
  onRemoveLimits: () => void;
}

/** "Not enough credits", opened by any remote through the host (SPEC §8). */
export function LimitDialog({ limit, onClose, onRemoveLimits }: LimitDialogProps) {
  return (
    <Dialog open={limit !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{TEXTS.limitDialogTitle}</DialogTitle>
          <DialogDescription>{TEXTS.limitDialogText}</DialogDescription>
        </DialogHeader>
        {limit ? (
          <p className="text-sm text-muted-foreground" data-limit-type={limit.type}>
            {limit.used} of {limit.limit} used
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="accent" size="lg" className="w-full sm:w-auto" onClick={onRemoveLimits}>
            {TEXTS.removeLimits}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export const LIMIT_DIALOG_TARGET = ROUTES.pricing;
