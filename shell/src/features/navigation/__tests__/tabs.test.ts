import { describe, expect, it } from 'vitest';
import { activeTabFromPath, visibleTabs } from '../utils/tabs';

describe('tabs', () => {
  it('derives the active tab from the path prefix', () => {
    expect(activeTabFromPath('/app')).toBe('explore');
    expect(activeTabFromPath('/app/')).toBe('explore');
    expect(activeTabFromPath('/app/image')).toBe('image');
    expect(activeTabFromPath('/app/dress-up')).toBe('dress-up');
    expect(activeTabFromPath('/app/canvas/anything')).toBe('canvas');
    expect(activeTabFromPath('/app/photoshoots')).toBe('photoshoots');
    expect(activeTabFromPath('/app/dev')).toBeNull();
    expect(activeTabFromPath('/pricing')).toBeNull();
  });

  it('shows Photoshoots only with the avatar flag on', () => {
    expect(visibleTabs(true).map((t) => t.label)).toEqual(['Explore', 'Image', 'Video', 'Canvas', 'DressUp', 'Photoshoots']);
    expect(visibleTabs(false).map((t) => t.label)).not.toContain('Photoshoots');
  });
});
