import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, Button } from '@atelier/ui';
import { REGIONS, type PricingRegion } from '../../../constants';

interface RegionPickerProps {
  open: boolean;
  onPick(region: PricingRegion): void;
}

/** Indonesia (IDR) or Rest of the World (USD); it cannot be dismissed by Escape or an outside click. */
export function RegionPicker({ open, onPick }: RegionPickerProps) {
  return (
    <Dialog open={open}>
      <DialogContent
        hideClose
        data-remote="mf_pricing"
        onEscapeKeyDown={(event) => event.preventDefault()}
        onPointerDownOutside={(event) => event.preventDefault()}
        onInteractOutside={(event) => event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>Choose your region</DialogTitle>
          <DialogDescription>Prices are shown in your region's currency.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-3 sm:grid-cols-2">
          {REGIONS.map((region) => (
            <Button key={region.id} variant="outline" size="lg" onClick={() => onPick(region.id)}>
              {region.label}
            </Button>
          ))}
        </div>
      </DialogContent>
    </Dialog>
  );
}
