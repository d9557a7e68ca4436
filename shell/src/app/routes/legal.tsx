import { Button } from '@atelier/ui';
import { useNavigate } from 'react-router-dom';
import { LEGAL_DATE, ROUTES, TEXTS } from '../../constants';

function LegalPage({ title, dateLabel, onBack }: { title: string; dateLabel: string; onBack: () => void }) {
  return (
    <main className="mx-auto flex min-h-svh max-w-3xl flex-col gap-6 px-5 py-10 sm:px-8">
      <div>
        <Button variant="ghost" size="sm" onClick={onBack}>
          ← {TEXTS.goBack}
        </Button>
      </div>
      <h1 className="text-4xl sm:text-5xl">{title}</h1>
      <p className="text-sm text-muted-foreground">
        {dateLabel} {LEGAL_DATE}
      </p>
      <p className="text-muted-foreground">The full document is being prepared.</p>
    </main>
  );
}

export function TermsRoute() {
  const navigate = useNavigate();
  return <LegalPage title="Terms of Service" dateLabel="Last updated" onBack={() => void navigate(ROUTES.landing)} />;
}

export function PrivacyRoute() {
  const navigate = useNavigate();
  // Privacy returns to the previous page (SPEC §2); with no history it falls back to the landing page.
  const back = () => (window.history.length > 1 ? void navigate(-1) : void navigate(ROUTES.landing));
  return <LegalPage title="Privacy Policy" dateLabel="Effective" onBack={back} />;
}
