import type { Generation } from '@atelier/contracts';

/** Until a picture's size is known (an older result still loading), its tile keeps the default image ratio. */
export const PLACEHOLDER_RATIO = { width: 2, height: 3 } as const;

export interface Ratio {
  width: number;
  height: number;
}

/**
 * A result's own width:height: its recorded pixel size, else the ratio it was asked for, else the size its
 * picture turned out to have once loaded (`natural`), else the placeholder.
 */
export function generationRatio(generation: Pick<Generation, 'width' | 'height' | 'aspectRatio'>, natural?: Ratio): Ratio {
  if (generation.width && generation.height) return { width: generation.width, height: generation.height };
  if (generation.aspectRatio) {
    const [width, height] = generation.aspectRatio.split(':').map(Number);
    if (width && height) return { width, height };
  }
  if (natural && natural.width > 0 && natural.height > 0) return natural;
  return PLACEHOLDER_RATIO;
}

export interface Placement {
  column: number;
  /** The sum of height ÷ width of the pictures above it in its column (their heights, in column widths). */
  picturesAbove: number;
  /** How many tiles are above it in its column (each adds a caption and a gap). */
  tilesAbove: number;
}

export interface MasonryLayout {
  placements: Placement[];
  /** Per column: the sum of its pictures' height ÷ width, and how many tiles it holds. */
  columns: { pictures: number; tiles: number }[];
}

/**
 * Each tile goes into the column that is shortest so far, in list order (newest first): the first row reads
 * left to right, later tiles fill the gaps nearest the top, and a page added at the end never moves the
 * tiles already placed. `captionShare` is a tile's caption and gap as a share of the column width, used
 * only to choose the column; the positions themselves are exact (see {@link tileStyle}).
 */
export function placeInColumns(ratios: readonly Ratio[], columnCount: number, captionShare = 0.3): MasonryLayout {
  const columns = Array.from({ length: Math.max(1, columnCount) }, () => ({ pictures: 0, tiles: 0 }));
  const placements = ratios.map((ratio) => {
    let column = 0;
    for (let i = 1; i < columns.length; i++) {
      const height = (c: number) => columns[c]!.pictures + columns[c]!.tiles * captionShare;
      // A hair of tolerance, so equal columns are filled left to right despite rounding.
      if (height(i) < height(column) - 1e-9) column = i;
    }
    const target = columns[column]!;
    const placement = { column, picturesAbove: target.pictures, tilesAbove: target.tiles };
    target.pictures += ratio.height / ratio.width;
    target.tiles += 1;
    return placement;
  });
  return { placements, columns };
}

/** CSS lengths of the layout: a tile's caption strip and the gap between tiles. */
export interface MasonryMetrics {
  columnCount: number;
  caption: string;
  gap: string;
}

// Positions are computed by CSS from the container's width (container query units): nothing is measured,
// so nothing jumps once the page has laid out, and a resize needs no script.
const columnWidth = ({ columnCount, gap }: MasonryMetrics) => `((100cqw - ${columnCount - 1} * ${gap}) / ${columnCount})`;

/**
 * Where one tile sits. The list is a one-cell grid and every tile is in that cell, moved to its place by its
 * margins: the cell grows to the tallest column, so the list's height needs no computing.
 */
export function tileStyle(placement: Placement, metrics: MasonryMetrics) {
  const width = columnWidth(metrics);
  return {
    gridArea: '1 / 1',
    alignSelf: 'start',
    justifySelf: 'start',
    width: `calc(${width})`,
    marginLeft: `calc(${placement.column} * (${width} + ${metrics.gap}))`,
    marginTop: `calc(${placement.picturesAbove} * ${width} + ${placement.tilesAbove} * (${metrics.caption} + ${metrics.gap}))`,
  };
}
