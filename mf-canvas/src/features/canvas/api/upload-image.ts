import type { UploadResult } from '@atelier/contracts';
import type { Host } from '@atelier/host';

/** POST /api/uploads (multipart, field `file`) → the stored, re-encoded image's media URL (as mf-create uploads). */
export async function uploadImage(apiRequest: Host['apiRequest'], file: File): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await apiRequest('POST', '/api/uploads', form);
  return (await response.json()) as UploadResult;
}
