/** The prerendered legal pages (`/terms`, `/privacy`): plain documents, with no full app behind them. */
export type LegalPage = 'terms' | 'privacy';

export const isLegalPage = (page: string | undefined): page is LegalPage =>
  page === 'terms' || page === 'privacy';
