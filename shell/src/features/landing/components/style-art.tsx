import { useId } from 'react';
import type { LandingStyle } from '../utils/styles';

// Each style card's image, drawn in SVG: one elongated fashion-illustration figure, dressed and lit
// in the style's palette, in front of the style's motif. No stock photography, nothing to download.

function Motif({ style, grainId }: { style: LandingStyle; grainId: string }) {
  const { motif } = style.palette;
  switch (style.id) {
    case 'abstract':
      return (
        <g>
          <circle cx="214" cy="120" r="74" fill={motif} opacity="0.9" />
          <rect x="40" y="210" width="120" height="120" fill="#f7f3ec" opacity="0.14" transform="rotate(-18 100 270)" />
          <path d="M20 360 Q150 250 290 340" stroke={motif} strokeWidth="3" fill="none" opacity="0.7" />
        </g>
      );
    case 'y2k':
      return (
        <g fill={motif}>
          {(
            [
              [62, 70, 16],
              [236, 104, 22],
              [80, 250, 10],
              [228, 290, 13],
            ] as const
          ).map(([x, y, r]) => (
            <path key={`${x}-${y}`} d={`M${x} ${y - r} Q${x} ${y} ${x + r} ${y} Q${x} ${y} ${x} ${y + r} Q${x} ${y} ${x - r} ${y} Q${x} ${y} ${x} ${y - r}Z`} opacity="0.95" />
          ))}
          <circle cx="150" cy="150" r="104" fill="none" stroke={motif} strokeWidth="1.5" opacity="0.6" />
        </g>
      );
    case 'everyday':
      return (
        <g fill={motif} opacity="0.55">
          <rect x="24" y="40" width="70" height="250" />
          <rect x="206" y="70" width="70" height="220" />
          <rect x="0" y="292" width="300" height="2" opacity="0.8" />
        </g>
      );
    case 'beauty':
      return (
        <g>
          <circle cx="152" cy="84" r="70" fill={motif} opacity="0.75" />
          <circle cx="152" cy="84" r="96" fill="none" stroke={motif} strokeWidth="1" opacity="0.7" />
        </g>
      );
    case 'vintage':
      return (
        <g>
          <path d="M60 360 V130 Q60 40 150 40 Q240 40 240 130 V360" fill="none" stroke={motif} strokeWidth="3" opacity="0.7" />
          <rect width="300" height="400" filter={`url(#${grainId})`} opacity="0.35" />
        </g>
      );
    case 'concept':
      return (
        <g stroke={motif} strokeWidth="1.5" fill="none">
          <path d="M0 120 H300 M0 300 H300 M80 0 V400 M230 0 V400" opacity="0.45" />
          <path d="M40 380 L270 30" strokeWidth="10" opacity="0.95" />
        </g>
      );
    case 'retro':
      return (
        <g>
          <circle cx="150" cy="170" r="110" fill={motif} />
          {[0, 1, 2, 3].map((i) => (
            <rect key={i} x="30" y={190 + i * 22} width="240" height={6 + i * 3} fill={style.palette.sky[1]} />
          ))}
        </g>
      );
  }
}

function Figure({ style }: { style: LandingStyle }) {
  const { garment, shade, skin, hair } = style.palette;
  const suit = style.id === 'everyday' || style.id === 'concept';
  return (
    <g>
      <ellipse cx="152" cy="388" rx="56" ry="6" fill="#000" opacity="0.22" />
      {suit ? null : (
        <g stroke={skin} strokeWidth="7" strokeLinecap="round">
          <path d="M138 316 L133 382" />
          <path d="M164 316 L173 382" />
        </g>
      )}
      {suit ? (
        <g>
          <path d="M118 218 L186 218 L194 384 L162 384 L152 264 L142 384 L110 384 Z" fill={shade} />
          <path d="M122 118 Q152 106 182 118 L192 226 Q152 236 112 226 Z" fill={garment} />
          <path d="M152 118 L146 226" stroke={shade} strokeWidth="2" opacity="0.6" />
        </g>
      ) : (
        <g>
          <path d="M122 118 Q152 106 182 118 L188 170 Q196 240 216 318 Q152 334 88 318 Q108 240 116 170 Z" fill={garment} />
          <path d="M116 176 Q152 186 188 176" stroke={shade} strokeWidth="5" fill="none" />
          <path d="M152 190 Q146 262 136 326 M170 196 Q178 260 196 322" stroke={shade} strokeWidth="2" fill="none" opacity="0.45" />
        </g>
      )}
      <g stroke={garment} strokeWidth="13" strokeLinecap="round" fill="none">
        <path d="M124 124 Q106 172 112 228" />
        <path d="M180 124 Q206 160 188 192" />
      </g>
      <circle cx="112" cy="234" r="6" fill={skin} />
      <circle cx="184" cy="196" r="6" fill={skin} />
      <path d="M133 78 Q130 48 153 47 Q176 48 172 78 Q176 104 168 124 L136 124 Q128 104 133 78Z" fill={hair} />
      <rect x="146" y="92" width="12" height="22" rx="4" fill={skin} />
      <ellipse cx="152" cy="78" rx="16" ry="20" fill={skin} />
      <path d="M135 74 Q136 52 153 51 Q170 52 170 74 Q162 62 152 63 Q141 64 135 74Z" fill={hair} />
    </g>
  );
}

export interface StyleArtProps {
  style: LandingStyle;
  className?: string;
  /** How the art fills a box of another shape: centred (default) or kept from the top (the head). */
  crop?: 'center' | 'top';
}

export function StyleArt({ style, className, crop = 'center' }: StyleArtProps) {
  const id = useId().replace(/[^\w-]/g, '');
  const [top, bottom] = style.palette.sky;
  return (
    <svg viewBox="36 24 228 304" className={className} role="img" aria-label={`${style.title}: ${style.subtitle}`} preserveAspectRatio={crop === 'top' ? 'xMidYMin slice' : 'xMidYMid slice'}>
      <defs>
        <linearGradient id={`sky-${id}`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={top} />
          <stop offset="1" stopColor={bottom} />
        </linearGradient>
        <radialGradient id={`light-${id}`} cx="0.3" cy="0.2" r="0.9">
          <stop offset="0" stopColor="#fff" stopOpacity="0.28" />
          <stop offset="0.6" stopColor="#fff" stopOpacity="0" />
        </radialGradient>
        <filter id={`grain-${id}`}>
          <feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" stitchTiles="stitch" />
          <feColorMatrix values="0 0 0 0 0.2  0 0 0 0 0.15  0 0 0 0 0.1  0 0 0 0.6 0" />
        </filter>
      </defs>
      <rect width="300" height="400" fill={`url(#sky-${id})`} />
      <Motif style={style} grainId={`grain-${id}`} />
      <Figure style={style} />
      <rect width="300" height="400" fill={`url(#light-${id})`} />
    </svg>
  );
}
