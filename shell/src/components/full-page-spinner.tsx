import { Spinner } from '@atelier/ui';

export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-[60vh] w-full items-center justify-center text-muted-foreground">
      <Spinner label={label} />
    </div>
  );
}
