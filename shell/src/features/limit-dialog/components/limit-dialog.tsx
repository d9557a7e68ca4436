import type { Plan } from '@atelier/contracts';
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
import { PAID_LIMIT, ROUTES, TEXTS } from '../../../constants';

export interface LimitDialogProps {
  /** What ran out, or null when closed. */
  limit: LimitDialogOptions | null;
  /** The user's plan: a paying user's allowance renews with the billing period, so SPEC's free-plan text is not theirs. */
  plan: Plan | undefined;
  onClose: () => void;
  onRemoveLimits: () => void;
}

/**
 * What the counts alone would not say (SPEC §8's text is the same whatever ran out): an allowance the plan does not
 * include (photoshoots on Free: 0 of 0), or credits left that are too few for what was asked (a 20-credit video with
 * 19 left is not "the daily limit hit").
 */
export function limitNote({ feature, used, limit }: LimitDialogOptions): string | null {
  if (limit === 0) return feature === 'avatar' ? 'Photoshoots come with the paid plans.' : 'Not included in your plan.';
  if (used < limit) return `${limit - used} left: not enough for this.`;
  return null;
}

/** "Not enough credits", opened by any remote through the host (SPEC §8). */
export function LimitDialog({ limit, plan, onClose, onRemoveLimits }: LimitDialogProps) {
  const paying = plan !== undefined && plan !== 'free';
  const text = !paying ? TEXTS.limitDialogText : PAID_LIMIT.text(limit?.feature === 'avatar' ? 'photoshoots' : 'credits', plan === 'pro');
  return (
    <Dialog open={limit !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{TEXTS.limitDialogTitle}</DialogTitle>
          <DialogDescription>{text}</DialogDescription>
        </DialogHeader>
        {limit ? (
          <p className="text-sm text-muted-foreground" data-limit-type={limit.type}>
            {limit.used} of {limit.limit} used
            {limitNote(limit) !== null && <span className="block pt-1 text-foreground">{limitNote(limit)}</span>}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="accent" size="lg" className="w-full sm:w-auto" onClick={onRemoveLimits}>
            {paying ? PAID_LIMIT.button : TEXTS.removeLimits}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export const LIMIT_DIALOG_TARGET = ROUTES.pricing;
