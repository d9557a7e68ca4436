import { useHost, useLocation } from '@atelier/host';
import { useEffect, useRef } from 'react';
import { ownMediaPath } from '../utils/media-url';

/**
 * SPEC.md §2: /app/canvas?imageUrl=… loads that image (our own media only; anything else is ignored), then
 * the parameter leaves the address bar (replaced through the host's navigate, so Back does not bring it back).
 */
export function useImageUrlParam(onImage: (mediaUrl: string) => void) {
  const host = useHost();
  const location = useLocation();
  const taken = useRef<string | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const value = params.get('imageUrl');
    if (value === null) return;
    if (taken.current !== value) {
      taken.current = value;
      const mediaPath = ownMediaPath(value, window.location.origin);
      if (mediaPath) onImage(mediaPath);
    }
    params.delete('imageUrl');
    const search = params.toString();
    host.navigate(`${location.pathname}${search ? `?${search}` : ''}${location.hash}`, { replace: true });
  }, [location, host, onImage]);
}
