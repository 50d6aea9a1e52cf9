import { Component, type ErrorInfo, type ReactNode } from 'react';
import { crashReports } from '@/lib/crash-reports';
import { CrashScreen } from './crash-screen';

interface Props {
  children: ReactNode;
  /** Where Home goes; a full navigation, since the router itself may be what failed. */
  onHome?: () => void;
}

interface State {
  error: Error | null;
}

/** Last line of defence around the whole app (the router has its own error component inside): shows the crash screen and reports the failure. */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Render failed', error, info.componentStack);
    crashReports.report('render', error, info.componentStack ?? null);
  }

  private readonly back = () => this.setState({ error: null });

  private readonly home = () => {
    this.setState({ error: null });
    (this.props.onHome ?? (() => window.location.assign('/app')))();
  };

  override render() {
    if (this.state.error) return <CrashScreen onBack={this.back} onHome={this.home} />;
    return this.props.children;
  }
}
