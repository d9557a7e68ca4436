import { useHost } from '@atelier/host';
import { Button, Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@atelier/ui';
import { useId, useState, type FormEvent } from 'react';
import { WAITLIST } from '../../../constants';
import { useJoinWaitlist } from '../api/join-waitlist';

interface WaitlistDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** Opened by a tier without a price: email sign-up for early access, then a success dialog. */
export function WaitlistDialog({ open, onOpenChange }: WaitlistDialogProps) {
  const host = useHost();
  const emailId = useId();
  const [email, setEmail] = useState('');
  const [joined, setJoined] = useState(false);
  const join = useJoinWaitlist();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = email.trim();
    if (!trimmed) return host.toast({ ...WAITLIST.emailRequired, variant: 'destructive' });
    join.mutate(trimmed, {
      onSuccess: () => setJoined(true),
      onError: (error) =>
        host.toast({ ...(error.message.startsWith('409') ? WAITLIST.alreadyListed : WAITLIST.failed), variant: 'destructive' }),
    });
  };

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) setJoined(false);
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent data-remote="mf_pricing">
        {joined ? (
          <DialogHeader>
            <DialogTitle>{WAITLIST.successTitle}</DialogTitle>
            <DialogDescription>We will write to {email.trim()} when Atelier launches.</DialogDescription>
          </DialogHeader>
        ) : (
          <form onSubmit={onSubmit} className="grid gap-4">
            <DialogHeader>
              <DialogTitle>{WAITLIST.title}</DialogTitle>
              <DialogDescription>
                <span className="font-medium text-accent">{WAITLIST.offer}</span> · {WAITLIST.description}
              </DialogDescription>
            </DialogHeader>
            <label htmlFor={emailId} className="sr-only">
              Email
            </label>
            <input
              id={emailId}
              type="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              placeholder="you@example.com"
              className="h-10 rounded-md border border-border bg-background px-3 text-sm"
            />
            <Button type="submit" disabled={join.isPending}>
              Join the waitlist
            </Button>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
