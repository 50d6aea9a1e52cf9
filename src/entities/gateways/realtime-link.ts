/** A subscribed channel: client events out, and unsubscribe. */
export interface ChannelHandle {
  /** Sends a client event; false when it could not be sent (not subscribed, connection down). */
  trigger(event: string, data: unknown): boolean;
  unsubscribe(): void;
}

export interface ChannelHandlers {
  /** The subscription succeeded (again, after the connection came back). */
  onReady(): void;
  onEvent(event: string, data: unknown): void;
  onError(message: string): void;
}

/** What the live stations need of the realtime connection; the page gives it the Pusher one. */
export interface RealtimeLink {
  subscribe(channel: string, handlers: ChannelHandlers): ChannelHandle;
  isConnected(): boolean;
  /** Calls back on every connected/disconnected change; returns an unsubscribe. */
  onConnectionChange(callback: (connected: boolean) => void): () => void;
}
