import { Component, type ReactNode } from 'react';
import { ErrorPageContent } from './ErrorPageContent.js';

interface State {
  error: unknown;
}

/** Wraps a page body; "Try again" resets the boundary and renders the children again (B8). */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override render() {
    if (this.state.error) return <ErrorPageContent error={this.state.error} tryAgain={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
