// A React error boundary that records what it catches (production error handler, spec §8) and
// shows a plain panel (no antd: it guards the host's root and its public pages too).
import { Component, type ReactNode } from 'react';
import { captureBoundaryError } from './reporter';

interface Props {
  /** The app whose components it guards (host or a remote's name), recorded with the error. */
  app: string;
  children: ReactNode;
  fallback?: (error: string, retry: () => void) => ReactNode;
}

export class ErrorBoundary extends Component<Props, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(e: unknown) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
  override componentDidCatch(e: unknown, info: { componentStack?: string | null }) {
    captureBoundaryError(e, info.componentStack, this.props.app);
  }
  private readonly retry = () => this.setState({ error: null });
  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (this.props.fallback) return this.props.fallback(error, this.retry);
    return (
      <div role="alert" data-testid="error-boundary" style={{ padding: 24, textAlign: 'center' }}>
        <p>页面出错了 / Something went wrong</p>
        <p style={{ color: '#595959', fontSize: 13 }}>{error}</p>
        <button
          type="button"
          style={{ minHeight: 36, padding: '0 20px' }}
          onClick={() => window.location.reload()}
        >
          重新加载 / Reload
        </button>
      </div>
    );
  }
}
