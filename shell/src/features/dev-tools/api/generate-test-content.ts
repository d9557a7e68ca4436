import { apiRequest, useHost } from '@atelier/host';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { devFailure, GENERATIONS_KEY } from './dev-messages';

/** POST /api/dev/generate-test-content → {count}. */
export async function generateTestContent(): Promise<{ count: number }> {
  const res = await apiRequest('POST', '/api/dev/generate-test-content');
  const body = (await res.json()) as { count?: unknown };
  return { count: typeof body.count === 'number' ? body.count : 0 };
}

export function useGenerateTestContent() {
  const host = useHost();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateTestContent,
    onSuccess: async ({ count }) => {
      host.toast({ title: 'Test content generated', description: `Created ${count} test images` });
      await queryClient.invalidateQueries({ queryKey: [GENERATIONS_KEY] });
    },
    onError: (error) => host.toast(devFailure('Failed to generate test content', error)),
  });
}
