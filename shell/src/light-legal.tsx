// The script of the prerendered legal pages (`/terms`, `/privacy`): Preact (as light.tsx) and the document, to make
// Go Back work. A legal page is a document on its own: no full app follows it.
import { hydrateRoot } from 'react-dom/client';
import { legalBack, legalTree, type LegalPage } from './prerender-legal';

const container = document.getElementById('root');
const page = container?.dataset.prerendered;

if (container && (page === 'terms' || page === 'privacy')) {
  const legal: LegalPage = page;
  hydrateRoot(container, legalTree(legal, () => legalBack(legal)));
}
