import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportGlobalError } from './report-global-error';
import { UnexpectedError } from './UnexpectedError';

/** Catches what the router's error elements cannot: errors in the providers around it. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, _info: ErrorInfo) {
    reportGlobalError(error, 'boundary');
  }

  override render() {
    return this.state.failed ? (
      <main className="app-main">
        <UnexpectedError />
      </main>
    ) : (
      this.props.children
    );
  }
}
