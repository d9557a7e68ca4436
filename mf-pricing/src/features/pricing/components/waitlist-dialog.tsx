import { useHost } from '@atelier/host';
import { Button, Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, useSingleFlight } from '@atelier/ui';
import { useId, useState, type FormEvent } from 'react';
import { WAITLIST } from '../../../constants';
import { useJoinWaitlist } from '../api/join-waitlist';
import { parseApiError } from '../utils/api-error';

interface WaitlistDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * Opened by a tier without a price id (SPEC.md §2, §8): We're in Alpha, 70% off, an email; then You're on the
 * list. 409 → Already on waitlist; any other failure → Something went wrong.
 */
export function WaitlistDialog({ open, onOpenChange }: WaitlistDialogProps) {
  const host = useHost();
  const emailId = useId();
  const [email, setEmail] = useState('');
  const [joined, setJoined] = useState<string | null>(null);
  const join = useJoinWaitlist();
  const flight = useSingleFlight();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = email.trim();
    if (!trimmed) return host.toast({ ...WAITLIST.emailRequired, variant: 'destructive' });
    // A double-click sent two sign-ups: the second's 409 said "Already on waitlist" and hid the first's success.
    if (!flight.begin()) return;
    join.mutate(trimmed, {
      onSettled: flight.end,
      onSuccess: () => setJoined(trimmed),
      onError: (error) =>
        host.toast({ ...(parseApiError(error).status === 409 ? WAITLIST.alreadyListed : WAITLIST.failed), variant: 'destructive' }),
    });
  };

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) setJoined(null);
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent data-remote="mf_pricing">
        {joined ? (
          <DialogHeader>
            <DialogTitle>{WAITLIST.successTitle}</DialogTitle>
            <DialogDescription>{WAITLIST.successDescription(joined)}</DialogDescription>
          </DialogHeader>
        ) : (
          <form onSubmit={onSubmit} className="grid gap-4">
            <DialogHeader>
              <DialogTitle>{WAITLIST.title}</DialogTitle>
              <DialogDescription>
                <span className="font-medium text-accent">{WAITLIST.offer}</span> · {WAITLIST.description}
              </DialogDescription>
            </DialogHeader>
            <label htmlFor={emailId} className="text-sm font-medium">
              {WAITLIST.emailLabel}
            </label>
            <input
              id={emailId}
              type="email"
              required
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              placeholder="you@example.com"
              className="-mt-2 h-10 rounded-md border border-border bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            />
            <Button type="submit" disabled={join.isPending} aria-busy={join.isPending || undefined}>
              {WAITLIST.submit}
            </Button>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
