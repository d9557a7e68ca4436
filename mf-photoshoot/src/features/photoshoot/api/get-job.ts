import type { AvatarJob } from '@atelier/contracts';
import type { Host } from '@atelier/host';
import { MESSAGES } from '../../../constants';

/** GET /api/avatar/job/:jobId → the job; any failure reads "Failed to fetch job status" (SPEC §7). */
export async function getJob(apiRequest: Host['apiRequest'], jobId: string): Promise<AvatarJob> {
  try {
    const response = await apiRequest('GET', `/api/avatar/job/${encodeURIComponent(jobId)}`);
    return (await response.json()) as AvatarJob;
  } catch (error) {
    throw new Error(MESSAGES.jobStatusFailed, { cause: error });
  }
}
