// SPEC §7 lists no page-view event, so page views travel as `feature_opened` with the page's path
// (docs/decisions.md, "Shell"), and to the analytics tag as its own page_view when one is configured.
export const PAGE_VIEW_EVENT = 'feature_opened';

export function pageViewMetadata(path: string): Record<string, string> {
  return { page_path: path };
}
