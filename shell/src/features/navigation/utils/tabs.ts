import { ROUTES } from '../../../constants';

export type AppTabId = 'explore' | 'image' | 'video' | 'canvas' | 'dress-up' | 'photoshoots';

export interface AppTab {
  id: AppTabId;
  label: string;
  to: string;
  tag?: 'Beta' | 'New';
}

// SPEC §2 "App shell": Explore is /app; the others are /app/{tab}.
export const APP_TABS: readonly AppTab[] = [
  { id: 'explore', label: 'Explore', to: ROUTES.app },
  { id: 'image', label: 'Image', to: ROUTES.image },
  { id: 'video', label: 'Video', to: ROUTES.video },
  { id: 'canvas', label: 'Canvas', to: ROUTES.canvas },
  { id: 'dress-up', label: 'DressUp', to: ROUTES.dressUp, tag: 'Beta' },
  { id: 'photoshoots', label: 'Photoshoots', to: ROUTES.photoshoots, tag: 'New' },
];

/** Photoshoots shows only when the avatar feature flag is on. */
export function visibleTabs(avatarEnabled: boolean): AppTab[] {
  return APP_TABS.filter((tab) => tab.id !== 'photoshoots' || avatarEnabled);
}

/** The active tab, derived from the path prefix (e.g. /app/canvas?imageUrl=… → canvas). */
export function activeTabFromPath(pathname: string): AppTabId | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  const match = APP_TABS.find((tab) => tab.id !== 'explore' && (path === tab.to || path.startsWith(`${tab.to}/`)));
  if (match) return match.id;
  return path === ROUTES.app ? 'explore' : null;
}
