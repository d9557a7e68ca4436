import { useId } from 'react';
import { MAX_EXTRA_IMAGES, MESSAGES } from '../../../constants';
import { isImage, useObjectUrl } from './image-drop-zone';

interface ReferenceImagesProps {
  images: File[];
  onChange(images: File[]): void;
}

/** Up to 4 extra reference images sent after the main one. */
export function ReferenceImages({ images, onChange }: ReferenceImagesProps) {
  const inputId = useId();
  const remaining = MAX_EXTRA_IMAGES - images.length;

  const add = (files: File[]) => {
    const chosen = files.filter(isImage);
    if (chosen.length > remaining) {
      window.alert(MESSAGES.tooManyImages(remaining));
      return;
    }
    onChange([...images, ...chosen]);
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      {images.map((file, index) => (
        <ReferenceThumb key={index} file={file} onRemove={() => onChange(images.filter((_, i) => i !== index))} />
      ))}
      {remaining > 0 && (
        <label
          htmlFor={inputId}
          className="flex h-16 cursor-pointer items-center rounded-md border border-dashed border-border px-3 text-xs text-muted-foreground hover:border-ink/50"
        >
          + Reference image ({images.length}/{MAX_EXTRA_IMAGES})
          <input
            id={inputId}
            type="file"
            accept="image/*"
            multiple
            className="sr-only"
            aria-label="Reference images"
            onChange={(event) => {
              add([...(event.target.files ?? [])]);
              event.target.value = '';
            }}
          />
        </label>
      )}
    </div>
  );
}

function ReferenceThumb({ file, onRemove }: { file: File; onRemove(): void }) {
  const url = useObjectUrl(file);
  return (
    <div className="relative h-16 w-16 overflow-hidden rounded-md border border-border">
      {url && <img src={url} alt={file.name} className="h-full w-full object-cover" />}
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remove ${file.name}`}
        className="absolute right-0.5 top-0.5 cursor-pointer rounded-full bg-ink/70 px-1.5 text-xs text-ivory"
      >
        ×
      </button>
    </div>
  );
}
