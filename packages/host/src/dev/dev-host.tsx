// A complete stand-alone host for a remote's dev server: QueryClient, router, toasts and a plain limit dialog.
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { BrowserRouter, useNavigate } from 'react-router-dom';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  toast,
} from '@atelier/ui';
import { Toaster } from '@atelier/ui/toaster';
import { TooltipProvider } from '@atelier/ui/tooltip';
// Imported by package name, not by relative path: the remote's components get '@atelier/host' as a shared
// module, and the provider must be that very instance for useHost() to find it.
import {
  HostProvider,
  apiRequest,
  createQueryClient,
  trackEvent,
  type Host,
  type LimitDialogOptions,
} from '@atelier/host';

function DevHostInner({ children }: { children?: ReactNode }) {
  const navigate = useNavigate();
  const [limitDialog, setLimitDialog] = useState<LimitDialogOptions | null>(null);
  const host = useMemo<Host>(
    () => ({
      apiRequest,
      toast: (options) => {
        toast(options);
      },
      openLimitDialog: setLimitDialog,
      navigate: (to, options) => {
        void navigate(to, options);
      },
      track: trackEvent,
    }),
    [navigate],
  );
  return (
    <HostProvider host={host}>
      {children}
      <Dialog open={limitDialog !== null} onOpenChange={(open) => !open && setLimitDialog(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Not enough credits</DialogTitle>
            <DialogDescription>
              You&apos;ve hit today&apos;s daily free limit. Unlock Unlimited Access.
            </DialogDescription>
          </DialogHeader>
          {limitDialog ? (
            <p className="text-sm text-muted-foreground">
              {limitDialog.type}: {limitDialog.used} of {limitDialog.limit} used (dev host)
            </p>
          ) : null}
          <DialogFooter>
            <Button
              variant="accent"
              onClick={() => {
                setLimitDialog(null);
                void navigate('/pricing');
              }}
            >
              Remove Limits
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <Toaster />
    </HostProvider>
  );
}

export function DevHost({ children }: { children?: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <BrowserRouter>
          <DevHostInner>{children}</DevHostInner>
        </BrowserRouter>
      </TooltipProvider>
    </QueryClientProvider>
  );
}
