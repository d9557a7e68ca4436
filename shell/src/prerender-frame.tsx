import { renderToStaticMarkup } from 'react-dom/server';
import { PRODUCT_NAME } from './constants';
import { HeaderBar, WORDMARK_CLASS } from './features/navigation/components/app-header';

/** Where the gateway puts a remote screen's first paint in the frame. */
export const FIRST_PAINT_SLOT = '<!--first-paint-->';

/**
 * The studio frame of a remote route's first paint (lib/first-paint.ts): AppLayout's column and header bar with
 * the wordmark only (the tabs and the account corner wait for the session), and the slot for the screen, whose form
 * controls are disabled (a fieldset) until the app takes over.
 */
export function renderFirstPaintFrame(): string {
  return renderToStaticMarkup(
    <div className="flex min-h-svh flex-col">
      <HeaderBar>
        <span className={WORDMARK_CLASS}>{PRODUCT_NAME}</span>
      </HeaderBar>
      <main className="flex flex-1 flex-col">
        {/* Its controls are disabled until the app takes over: typing into them would be lost at the hand-over. */}
        <fieldset disabled className="contents" dangerouslySetInnerHTML={{ __html: FIRST_PAINT_SLOT }} />
      </main>
    </div>,
  );
}
