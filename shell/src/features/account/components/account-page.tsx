import { useCurrentUser } from '@atelier/host';
import { Button, Spinner } from '@atelier/ui';
import { TEXTS } from '../../../constants';
import { useAccountSummary } from '../api/get-account-summary';
import { CreditHistory } from './credit-history';
import { DeleteAccount } from './delete-account';
import { ExportData } from './export-data';
import { PlanCard } from './plan-card';
import { UsageCard } from './usage-card';

export interface AccountPageProps {
  /** Where Manage Billing and a deleted account send the browser (a full navigation); tests pass a spy. */
  redirect?: (url: string) => void;
}

/** The account page: the plan and its period, credits and photoshoots used and left, and every credit movement. */
export function AccountPage({ redirect = (url) => window.location.assign(url) }: AccountPageProps) {
  const { user } = useCurrentUser();
  const summary = useAccountSummary();

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-8 px-4 py-8 sm:px-6 sm:py-12">
      <header className="flex flex-col gap-1">
        <h1 className="text-4xl sm:text-5xl">{TEXTS.account}</h1>
        {user ? <p className="text-muted-foreground">{user.email ?? user.firstName}</p> : null}
      </header>

      {summary.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading your account" />
        </div>
      ) : summary.isError && !summary.data ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-border bg-card p-5">
          <p>Could not load your plan and credits.</p>
          <Button variant="outline" size="sm" onClick={() => void summary.refetch()}>
            {TEXTS.retry}
          </Button>
        </div>
      ) : (
        <div className="grid gap-4 md:grid-cols-3">
          <PlanCard summary={summary.data} redirect={redirect} />
          <UsageCard
            id="account-credits"
            title="Credits"
            unit="credit"
            used={summary.data.limits.credits.used}
            limit={summary.data.limits.credits.limit}
            renewsAt={summary.data.period.end}
          />
          <UsageCard
            id="account-photoshoots"
            title="Photoshoots"
            unit="photoshoot"
            used={summary.data.limits.avatar.used}
            limit={summary.data.limits.avatar.limit}
            renewsAt={summary.data.period.end}
            none={<p>Photoshoots come with the Basic, Advanced and Pro plans.</p>}
          />
        </div>
      )}

      <CreditHistory />

      <ExportData />

      <DeleteAccount subscribed={Boolean(user && user.plan !== 'free' && user.stripeSubscriptionId)} redirect={redirect} />
    </div>
  );
}
