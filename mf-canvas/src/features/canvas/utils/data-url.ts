// Data URLs: how a local photo travels in an edit (SPEC.md §3: inputImages) until it is uploaded.

export const isDataUrl = (value: string) => value.startsWith('data:');

export function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(blob);
  });
}

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/** A base64 data URL back into a file (to upload a local photo), named `<name>.<ext of its type>`. */
export function dataUrlToFile(dataUrl: string, name: string): File {
  const match = /^data:([^;,]+)(;base64)?,(.*)$/s.exec(dataUrl);
  if (!match) throw new Error('Not a data URL');
  const [, type = 'application/octet-stream', base64, payload = ''] = match;
  const text = base64 ? atob(payload) : decodeURIComponent(payload);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return new File([bytes], `${name}.${EXTENSIONS[type] ?? 'png'}`, { type });
}

/** One of our media images as a file (to upload it as the user's own), named `<name>.<ext of its type>`. */
export async function fileOfMedia(apiRequest: (method: string, url: string) => Promise<Response>, url: string, name: string): Promise<File> {
  const blob = await (await apiRequest('GET', url)).blob();
  return new File([blob], `${name}.${EXTENSIONS[blob.type] ?? 'png'}`, { type: blob.type || 'image/png' });
}
