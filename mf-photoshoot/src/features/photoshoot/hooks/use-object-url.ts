import { useEffect, useState } from 'react';

/** A blob: URL showing a chosen file, revoked when the file changes or the component goes away. */
export function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!file) return;
    const created = URL.createObjectURL(file);
    setUrl({ file, url: created });
    return () => URL.revokeObjectURL(created);
  }, [file]);
  // Never show the previous file's picture for a new (or no) file.
  return url && url.file === file ? url.url : null;
}
