import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/**
 * A new page opens at its top: a link followed inside the app (the pricing footer's Terms) kept the scroll of the
 * page it left and opened the document part-way down, its heading and Go Back out of sight. Back and Forward (POP)
 * are left to the browser, which puts the page where it was.
 */
export function ScrollToTopOnNavigation() {
  const { pathname } = useLocation();
  const type = useNavigationType();
  const last = useRef(pathname);
  useEffect(() => {
    if (pathname === last.current) return;
    last.current = pathname;
    if (type !== 'POP') window.scrollTo(0, 0);
  }, [pathname, type]);
  return null;
}
