import type { Preset } from '@atelier/contracts';
import { useHost, type Host } from '@atelier/host';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/presets → the preset picker's presets (a list, or `{ presets }`). */
export async function getPresets(apiRequest: Host['apiRequest']): Promise<Preset[]> {
  const response = await apiRequest('GET', '/api/presets');
  const body = (await response.json()) as Preset[] | { presets?: Preset[] };
  const presets = Array.isArray(body) ? body : (body.presets ?? []);
  return presets.filter((preset) => preset && typeof preset.id === 'string');
}

export const presetsQueryOptions = (apiRequest: Host['apiRequest']) =>
  queryOptions({ queryKey: ['/api/presets'], queryFn: () => getPresets(apiRequest) });

export function usePresets() {
  const host = useHost();
  return useQuery(presetsQueryOptions(host.apiRequest));
}

/** Presets grouped by style, styles in the order they first appear. */
export function groupByStyle(presets: readonly Preset[]): { style: string; presets: Preset[] }[] {
  const groups = new Map<string, Preset[]>();
  for (const preset of presets) {
    const group = groups.get(preset.style);
    if (group) group.push(preset);
    else groups.set(preset.style, [preset]);
  }
  return [...groups].map(([style, items]) => ({ style, presets: items }));
}
