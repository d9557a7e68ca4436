import { useLocation, useNavigate } from 'react-router-dom';
import { SHELL_CONFIG } from '../../config/shell-config';
import { ROUTES } from '../../constants';
import { LegalDocumentView } from '../../features/legal/components/legal-document';
import { PRIVACY } from '../../features/legal/content/privacy';
import { TERMS } from '../../features/legal/content/terms';
import { cameFromLightPage } from '../../lib/entered-from';

// Lazy routes (app/router.tsx): the long texts load only when a legal page is opened.

export function TermsRoute() {
  const navigate = useNavigate();
  return <LegalDocumentView document={TERMS} contactEmail={SHELL_CONFIG.contactEmail} onBack={() => void navigate(ROUTES.landing)} />;
}

export function PrivacyRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  // Privacy returns to the previous page (SPEC §2); opened directly (the router's first entry, key
  // "default", not pushed by a light page) there is no previous page of ours, so it goes to `/`.
  const back = () => (location.key !== 'default' || cameFromLightPage() ? void navigate(-1) : void navigate(ROUTES.landing));
  return <LegalDocumentView document={PRIVACY} contactEmail={SHELL_CONFIG.contactEmail} onBack={back} />;
}
