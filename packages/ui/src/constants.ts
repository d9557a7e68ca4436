// Numbers of SPEC.md §9 for toasts and tooltips.
export const TOAST_LIMIT = 1; // only one toast on screen at a time
export const TOAST_REMOVE_DELAY_MS = 1_000_000; // a dismissed toast stays in the store this long
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = ['F8'];
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
