import { useHost, type Host } from '@atelier/host';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** One example pose of the PLAIN template. */
export interface TemplatePose {
  /** 0-based; shown as pose N+1. */
  poseIndex: number;
  imageUrl: string;
}

export const TEMPLATE_KEY = '/api/avatar/template';

/** GET /api/avatar/template → { poses: [{ poseIndex, imageUrl }] × 10 }: the example images of the carousel. */
export async function getTemplate(apiRequest: Host['apiRequest']): Promise<TemplatePose[]> {
  const response = await apiRequest('GET', TEMPLATE_KEY);
  const body = (await response.json()) as { poses?: TemplatePose[] };
  return Array.isArray(body.poses) ? body.poses : [];
}

export const templateQueryOptions = (apiRequest: Host['apiRequest']) =>
  queryOptions({ queryKey: [TEMPLATE_KEY], queryFn: () => getTemplate(apiRequest) });

export function useTemplate() {
  const host = useHost();
  return useQuery(templateQueryOptions(host.apiRequest));
}
