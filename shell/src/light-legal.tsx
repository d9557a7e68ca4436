// The script of the prerendered legal pages (`/terms`, `/privacy`): Preact (as light.tsx) and the document, to make
// Go Back work and count the page view. A legal page is a document on its own: no full app follows it.
import { isLegalPage } from './lib/legal-page';
import { startLegalPage } from './prerender-legal';

const container = document.getElementById('root');
const page = container?.dataset.prerendered;

if (container && isLegalPage(page)) startLegalPage(container, page);
