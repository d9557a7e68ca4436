import { parseApiError } from '@atelier/contracts/api-error';
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, Spinner } from '@atelier/ui';
import { useId, useState, type FormEvent } from 'react';
import { ACCOUNT_DELETION, NAVIGATIONS, ROUTES } from '../../../constants';
import { useDeleteAccount } from '../api/delete-account';

export interface DeleteAccountProps {
  /** The user has a paid subscription running: deleting ends it. */
  subscribed: boolean;
  /** Where the browser goes once the account is gone (a full navigation: the session is over). */
  redirect: (url: string) => void;
}

/**
 * The privacy policy's promise (SPEC §9: personal data removed after account deletion) made usable: what goes, a
 * confirmation that needs the word typed, then the login page says it is done.
 */
export function DeleteAccount({ subscribed, redirect }: DeleteAccountProps) {
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="account-delete" className="flex flex-col items-start gap-3 rounded-lg border border-destructive/30 p-5">
      <h2 id="account-delete" className="text-sm font-medium uppercase tracking-widest text-destructive">
        {ACCOUNT_DELETION.title}
      </h2>
      <p className="max-w-prose text-sm text-muted-foreground">
        {ACCOUNT_DELETION.what} {subscribed ? `${ACCOUNT_DELETION.subscription} ` : ''}
        {ACCOUNT_DELETION.final}
      </p>
      <Button variant="outline" className="border-destructive/50 text-destructive hover:bg-destructive/10" onClick={() => setOpen(true)}>
        {ACCOUNT_DELETION.button}
      </Button>
      {open ? <ConfirmDeletion subscribed={subscribed} redirect={redirect} onCancel={() => setOpen(false)} /> : null}
    </section>
  );
}

function ConfirmDeletion({ subscribed, redirect, onCancel }: DeleteAccountProps & { onCancel(): void }) {
  const [typed, setTyped] = useState('');
  const [gone, setGone] = useState(false);
  const deletion = useDeleteAccount();
  const inputId = useId();
  const errorId = useId();
  const confirmed = typed.trim() === ACCOUNT_DELETION.word;
  // The word as shown; typed in other letters it is said so ("delete" and Enter did nothing and said nothing).
  const otherCase = !confirmed && typed.trim().toUpperCase() === ACCOUNT_DELETION.word;
  const hintId = useId();
  const busy = deletion.isPending || gone;
  const failed = deletion.isError ? parseApiError(deletion.error) : null;
  // A 401: signed out meanwhile (the account deleted in another window, or the session ended) — nothing to say here.
  const signedOut = failed?.status === 401;
  const failure = failed && !signedOut ? failed.message || ACCOUNT_DELETION.failedFallback : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed || busy) return;
    deletion.mutate(undefined, {
      onSuccess: () => {
        setGone(true); // the browser is on its way; the page behind is for nobody now
        redirect(NAVIGATIONS.accountDeleted);
      },
      onError: (error) => {
        if (parseApiError(error).status !== 401) return;
        setGone(true);
        redirect(ROUTES.login);
      },
    });
  };

  return (
    <Dialog open onOpenChange={(next) => !next && !busy && onCancel()}>
      <DialogContent className="max-w-md">
        <form onSubmit={submit} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>{ACCOUNT_DELETION.confirmTitle}</DialogTitle>
            <DialogDescription>
              {ACCOUNT_DELETION.what} {subscribed ? `${ACCOUNT_DELETION.subscription} ` : ''}
              {ACCOUNT_DELETION.final}
            </DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-2">
            <label htmlFor={inputId} className="text-sm font-medium">
              {ACCOUNT_DELETION.typeToConfirm}
            </label>
            <input
              id={inputId}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              aria-describedby={[otherCase ? hintId : '', failure ? errorId : ''].filter(Boolean).join(' ') || undefined}
              className="h-11 rounded-md border border-input bg-background px-3 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            />
            {otherCase ? (
              <p id={hintId} role="status" className="text-sm text-muted-foreground">
                {ACCOUNT_DELETION.inCapitals}
              </p>
            ) : null}
          </div>
          {failure ? (
            <p id={errorId} role="alert" className="text-sm text-destructive">
              {ACCOUNT_DELETION.failed} {failure}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={!confirmed || busy}>
              {busy && <Spinner label="Deleting your account" className="[&_svg]:h-4 [&_svg]:w-4" />}
              {ACCOUNT_DELETION.button}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
