import { gatewayCommandChannel } from '@contracts/stations-realtime';
import { configRequestEvent, configResponseEvent, configResponseSchema, SETUP_TIMERS, type ConfigRequest } from '@contracts/gateways-realtime';
import type { ChannelHandle, RealtimeLink } from '@/entities/gateways/realtime-link';
import { afterRun, canSubmit, cardAnswered, cardFailed, countdownTick, EMPTY_SETUP, nameCard, setupCards, SETUP_MESSAGES, submitted, type QueuedGateway, type SetupState } from './setup-cards';
import { configRequestOf, type SetupFormValues } from './setup-form';

export interface SetupRunOptions {
  /** The realtime connection, opened at the first Submit. */
  connect: () => RealtimeLink;
  /** `POST /gateways/config`: names the gateway and places it; rejects with the reason. */
  configure: (body: { id: number; groupId: number; name: string }) => Promise<unknown>;
  onChange: (state: SetupState) => void;
  /** The run has ended: every card sent has answered, or the countdown ran out. */
  onEnd: (result: { submitted: number; succeeded: number }) => void;
  now?: () => number;
  newId?: () => string;
}

interface GatewayChannel {
  handle: ChannelHandle | null;
  ready: boolean;
  /** The request waiting for the channel to be joined. */
  pending: ConfigRequest | null;
}

const reasonOf = (error: unknown) => (error instanceof Error && error.message ? error.message : null);

/**
 * A Gateway Setup drawer's cards and their runs (docs/GATEWAYS.md 'The Setup drawer'). Submit
 * sends every staged card: each gateway is named and placed (`POST /gateways/config`) while its
 * command channel is joined, then sent its configuration there; its answers move its card, and
 * the countdown fails whatever has not answered. A card whose naming fails fails at once.
 */
export class SetupRun {
  private state: SetupState = EMPTY_SETUP;
  private readonly channels = new Map<string, GatewayChannel>();
  private link: RealtimeLink | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly now: () => number;
  private readonly newId: () => string;

  constructor(private readonly options: SetupRunOptions) {
    this.now = options.now ?? Date.now;
    this.newId = options.newId ?? (() => crypto.randomUUID());
  }

  get current(): SetupState {
    return this.state;
  }

  get running(): boolean {
    return this.state.deadline !== null;
  }

  /** The queue as last read: new gateways get cards, what was typed and sent stays. */
  setQueue(gateways: readonly QueuedGateway[]) {
    this.update({ ...this.state, cards: setupCards(gateways, this.state.cards) });
  }

  /** The drawer opens again: the last run's outcome is cleared (a run under way goes on). */
  reopen(gateways: readonly QueuedGateway[]) {
    this.update(afterRun(this.state, gateways));
  }

  name(id: number, name: string) {
    this.update(nameCard(this.state, id, name));
  }

  /** Sends the staged cards; false when Submit is not allowed now. */
  submit(values: SetupFormValues): boolean {
    if (!canSubmit(this.state, values.ssid)) return false;
    const staged = this.state.cards.filter((c) => c.status === 'PENDING');
    const requestIds = new Map(staged.map((c) => [c.id, this.newId()]));
    this.update(submitted(this.state, requestIds, this.now()));
    this.timer = setTimeout(() => this.update(countdownTick(this.state, this.now())), SETUP_TIMERS.countdownMs);
    for (const card of staged) {
      const request = configRequestOf(values, requestIds.get(card.id)!);
      const channel = this.join(card.mac);
      this.options.configure({ id: card.id, groupId: values.groupId, name: card.name.trim() }).then(
        () => {
          channel.pending = request;
          this.send(channel);
        },
        (error: unknown) => {
          const reason = reasonOf(error);
          this.update(cardFailed(this.state, card.id, reason ? `${SETUP_MESSAGES.configFailed}: ${reason}` : SETUP_MESSAGES.configFailed));
        },
      );
    }
    return true;
  }

  dispose() {
    clearTimeout(this.timer);
    this.leaveAll();
  }

  private join(mac: string): GatewayChannel {
    const known = this.channels.get(mac);
    if (known) return known;
    this.link ??= this.options.connect();
    const channel: GatewayChannel = { handle: null, ready: false, pending: null };
    this.channels.set(mac, channel);
    channel.handle = this.link.subscribe(gatewayCommandChannel(mac), {
      onReady: () => {
        channel.ready = true;
        this.send(channel);
      },
      onEvent: (event, data) => {
        if (event !== configResponseEvent) return;
        const answer = configResponseSchema.safeParse(data);
        if (answer.success) this.update(cardAnswered(this.state, answer.data));
      },
      // The countdown fails the card if the channel never comes back.
      onError: () => {
        channel.ready = false;
      },
    });
    return channel;
  }

  private send(channel: GatewayChannel) {
    if (!channel.handle || !channel.ready || channel.pending === null || !this.running) return;
    if (channel.handle.trigger(configRequestEvent, channel.pending)) channel.pending = null;
  }

  private leaveAll() {
    for (const channel of this.channels.values()) channel.handle?.unsubscribe();
    this.channels.clear();
  }

  private update(next: SetupState) {
    if (next === this.state) return;
    const wasRunning = this.running;
    this.state = next;
    this.options.onChange(next);
    if (wasRunning && !this.running && next.result) {
      clearTimeout(this.timer);
      this.leaveAll();
      this.options.onEnd(next.result);
    }
  }
}
