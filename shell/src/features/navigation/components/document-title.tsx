import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { pageTitle } from '../utils/page-title';

/** Keeps the document's title on the page shown (screen readers announce it; tabs and history show it). */
export function DocumentTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = pageTitle(pathname);
  }, [pathname]);
  return null;
}
