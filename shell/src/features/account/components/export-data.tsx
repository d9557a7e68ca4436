import { parseApiError } from '@atelier/contracts/api-error';
import { Button, saveBlob, Spinner } from '@atelier/ui';
import { useState } from 'react';
import { DATA_EXPORT } from '../../../constants';
import { collectAccountData, exportFileName } from '../api/export-data';

/**
 * The privacy policy's rights of access and portability made usable (SPEC §1: rights for EU/UK and California
 * residents): one JSON file of the account, plan, credit history, creations (with links) and own characters.
 */
export function ExportData() {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const download = async () => {
    if (state.busy) return;
    setState({ busy: true, error: null });
    try {
      const now = new Date();
      const data = await collectAccountData(window.location.origin, now);
      saveBlob(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), exportFileName(now));
      setState({ busy: false, error: null });
    } catch (error) {
      const { message } = parseApiError(error);
      setState({ busy: false, error: message ? `${DATA_EXPORT.failed} ${message}` : `${DATA_EXPORT.failed} ${DATA_EXPORT.failedFallback}` });
    }
  };
  return (
    <section aria-labelledby="account-data" className="flex flex-col items-start gap-3 rounded-lg border border-border p-5">
      <h2 id="account-data" className="text-sm font-medium uppercase tracking-widest text-muted-foreground">
        {DATA_EXPORT.title}
      </h2>
      <p className="max-w-prose text-sm text-muted-foreground">{DATA_EXPORT.what}</p>
      <Button variant="outline" onClick={() => void download()} aria-busy={state.busy} disabled={state.busy}>
        {state.busy ? <Spinner label="Preparing your data" className="[&_svg]:h-4 [&_svg]:w-4" /> : null}
        {state.busy ? DATA_EXPORT.preparing : DATA_EXPORT.button}
      </Button>
      {state.error ? (
        <p role="alert" className="text-sm text-destructive">
          {state.error}
        </p>
      ) : null}
    </section>
  );
}
