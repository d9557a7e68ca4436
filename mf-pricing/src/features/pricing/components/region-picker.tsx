import { Button, Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@atelier/ui';
import { PAGE_TEXTS, REGIONS, type PricingRegion } from '../../../constants';

interface RegionPickerProps {
  open: boolean;
  /** The region chosen last time (localStorage `pricing-region`): marked, and focused first. */
  lastChosen: PricingRegion | null;
  onPick(region: PricingRegion): void;
  /** Where focus goes once it has closed (it opens by itself, so focus has nowhere of its own to return to). */
  onClosed(): void;
}

/** Indonesia (IDR) or Rest of the World (USD); it cannot be dismissed by Escape or an outside click (SPEC.md §2). */
export function RegionPicker({ open, lastChosen, onPick, onClosed }: RegionPickerProps) {
  return (
    <Dialog open={open}>
      <DialogContent
        hideClose
        data-remote="mf_pricing"
        onEscapeKeyDown={(event) => event.preventDefault()}
        onPointerDownOutside={(event) => event.preventDefault()}
        onInteractOutside={(event) => event.preventDefault()}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onClosed();
        }}
      >
        <DialogHeader>
          <DialogTitle>{PAGE_TEXTS.regionTitle}</DialogTitle>
          <DialogDescription>{PAGE_TEXTS.regionDescription}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-3 sm:grid-cols-2">
          {REGIONS.map((region) => (
            <div key={region.id} className="flex flex-col items-center gap-1">
              <Button
                variant={region.id === lastChosen ? 'default' : 'outline'}
                size="lg"
                className="w-full"
                autoFocus={region.id === lastChosen}
                aria-describedby={region.id === lastChosen ? 'region-last-chosen' : undefined}
                onClick={() => onPick(region.id)}
              >
                {region.label}
              </Button>
              {region.id === lastChosen && (
                <span id="region-last-chosen" className="text-xs text-muted-foreground">
                  {PAGE_TEXTS.regionLastChosen}
                </span>
              )}
            </div>
          ))}
        </div>
      </DialogContent>
    </Dialog>
  );
}
