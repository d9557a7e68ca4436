import { Button } from '@atelier/ui';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RevealApp } from '../../../components/reveal-app';
import { TEXTS } from '../../../constants';

interface Props {
  /** What the remote shows, e.g. "The canvas editor". */
  label: string;
  onRetry: () => void;
  children?: ReactNode;
}

/** Keeps a failed remote inside its own box: a message and Retry, while the rest of the shell works. */
export class RemoteErrorBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[remote] ${this.props.label} failed:`, error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className="mx-auto my-16 flex max-w-md flex-col items-center gap-4 rounded-lg border border-border bg-card p-8 text-center shadow-soft">
        <h2 className="text-2xl">{this.props.label} is unavailable</h2>
        <p className="text-sm text-muted-foreground">
          It could not be loaded just now. The rest of Atelier keeps working; try again in a moment.
        </p>
        <Button
          onClick={() => {
            this.setState({ error: null });
            this.props.onRetry();
          }}
        >
          {TEXTS.retry}
        </Button>
        <RevealApp />
      </div>
    );
  }
}
