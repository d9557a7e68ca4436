import type { Generation, GenerationsPage } from '@atelier/contracts';
import { useHost } from '@atelier/host';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useState } from 'react';
import { MESSAGES } from '../../../constants';
import { GENERATIONS_KEY } from '../api/get-generations';
import { parseApiError } from '../utils/api-error';

/**
 * Deletes a finished generation (DELETE /api/generations/:id): it leaves the list at once, and a toast says so; a
 * refusal (still running, not found) is told with the service's reason. Resolves true once deleted.
 */
export function useDeleteGeneration() {
  const host = useHost();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<string | null>(null);

  const remove = async (generation: Pick<Generation, 'id'>, quiet = false): Promise<boolean> => {
    setDeleting(generation.id);
    try {
      await host.apiRequest('DELETE', `/api/generations/${encodeURIComponent(generation.id)}`);
      queryClient.setQueriesData<InfiniteData<GenerationsPage>>({ queryKey: [GENERATIONS_KEY] }, (data) =>
        data && 'pages' in data
          ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((item) => item.id !== generation.id) })) }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: [GENERATIONS_KEY] });
      if (!quiet) host.toast({ title: MESSAGES.deletedTitle });
      return true;
    } catch (error) {
      host.toast({ title: MESSAGES.deleteFailedTitle, description: parseApiError(error).message || MESSAGES.deleteFailedFallback, variant: 'destructive' });
      return false;
    } finally {
      setDeleting(null);
    }
  };

  return { remove, deleting };
}
