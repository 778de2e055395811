import { Component, type ReactNode } from 'react';
import { translate } from '../../i18n/strings.js';

interface Props {
  children: ReactNode;
  /** forgets the failed import so the next render imports again */
  onRetry: () => void;
}

/**
 * The failure state of an on-demand page chunk (Docusaurus `theme-fallback/Loading`): the error as text
 * and a Retry button. Render errors of the loaded page are handled inside, by PageErrorBoundary.
 */
export class LoadableBoundary extends Component<Props, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  retry = () => {
    this.props.onRetry();
    this.setState({ error: null });
  };

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="loadable-error" role="alert">
        <p>{this.state.error instanceof Error ? String(this.state.error) : JSON.stringify(this.state.error)}</p>
        <button type="button" className="button button--danger" onClick={this.retry}>
          {translate('theme.Loading.retry')}
        </button>
      </div>
    );
  }
}
