import { cn } from '@atelier/ui';
import type { ComponentType, SVGProps } from 'react';
import { DownloadIcon, ExpandIcon, FilmIcon, TrashIcon, UpscaleIcon } from './icons';

export interface ImageActionHandlers {
  onPreview(): void;
  onUpscale(): void;
  onCreateVideo(): void;
  onDelete(): void;
  /** /api/download?url=… for our media, the data URL itself for a local photo. */
  download: { href: string; fileName?: string };
}

// Phones: a row of labelled icons under the picture, always shown (there is no hover to reveal them). From md up
// with a mouse: pills over the picture's top edge, shown on hover and whenever focus is inside (keyboard).
// Coarse pointers (tablets) keep them shown.
const item =
  'flex min-w-0 flex-1 cursor-pointer flex-col items-center justify-center gap-1 rounded-lg px-1 py-2 text-[10px] font-medium text-foreground transition-colors ' +
  'hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 ' +
  'md:h-9 md:flex-none md:flex-row md:gap-1.5 md:rounded-full md:bg-ivory/95 md:px-3.5 md:py-0 md:text-xs md:shadow-soft md:hover:bg-ivory';

function Action({ icon: Icon, label, onClick, className }: { icon: ComponentType<SVGProps<SVGSVGElement>>; label: string; onClick(): void; className?: string }) {
  return (
    <button type="button" onClick={onClick} className={cn(item, className)}>
      <Icon className="h-5 w-5 md:h-4 md:w-4" />
      <span className="truncate">{label}</span>
    </button>
  );
}

/** SPEC.md §2's hover actions on the image — preview, create video, download, delete — and upscale. */
export function ImageActions({ onPreview, onUpscale, onCreateVideo, onDelete, download }: ImageActionHandlers) {
  return (
    <div
      role="group"
      aria-label="Image actions"
      className={cn(
        'flex items-stretch gap-1 border-t border-border bg-card px-2 py-1.5',
        'md:absolute md:inset-x-0 md:top-0 md:z-10 md:justify-end md:gap-2 md:border-0 md:bg-gradient-to-b md:from-ink/45 md:to-transparent md:px-3 md:pb-8 md:pt-3',
        'md:transition-opacity md:duration-150 md:pointer-fine:opacity-0 md:group-hover:opacity-100 md:group-focus-within:opacity-100',
      )}
    >
      <Action icon={ExpandIcon} label="Preview" onClick={onPreview} />
      <Action icon={UpscaleIcon} label="Upscale" onClick={onUpscale} />
      <Action icon={FilmIcon} label="Create video" onClick={onCreateVideo} />
      <a href={download.href} download={download.fileName ?? ''} className={item}>
        <DownloadIcon className="h-5 w-5 md:h-4 md:w-4" />
        <span className="truncate">Download</span>
      </a>
      <Action icon={TrashIcon} label="Delete" onClick={onDelete} className="text-destructive md:text-destructive" />
    </div>
  );
}
