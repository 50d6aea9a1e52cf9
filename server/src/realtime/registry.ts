import { encodeFrame, type OutgoingFrame } from './protocol';

/** Something that can receive encoded frames: one WebSocket connection. */
export interface Subscriber {
  readonly socketId: string;
  sendRaw(raw: string): void;
}

export interface PresenceMember {
  userId: string;
  userInfo: unknown;
}

export interface PresenceSnapshot {
  ids: string[];
  hash: Record<string, unknown>;
  count: number;
}

/** An app's credentials together with its channel state. */
export interface AppEntry {
  app: { id: string; key: string; secret: string };
  registry: ChannelRegistry;
}

interface Subscription {
  subscriber: Subscriber;
  member?: PresenceMember;
}

/** Channel membership for one app. Presence members are unique per user id, not per socket. */
export class ChannelRegistry {
  private readonly channels = new Map<string, Map<string, Subscription>>();

  /** Adds a socket to a channel; `newMember` is true when a presence user enters for the first time. */
  subscribe(channel: string, subscriber: Subscriber, member?: PresenceMember): { newMember: boolean } {
    let sockets = this.channels.get(channel);
    if (!sockets) {
      sockets = new Map();
      this.channels.set(channel, sockets);
    }
    if (sockets.has(subscriber.socketId)) return { newMember: false };
    const newMember = member !== undefined && !this.hasUser(sockets, member.userId);
    sockets.set(subscriber.socketId, member ? { subscriber, member } : { subscriber });
    return { newMember };
  }

  /** Removes a socket; `goneMember` is set when that was the user's last socket in a presence channel. */
  unsubscribe(channel: string, socketId: string): { goneMember?: PresenceMember } | undefined {
    const sockets = this.channels.get(channel);
    const subscription = sockets?.get(socketId);
    if (!sockets || !subscription) return undefined;
    sockets.delete(socketId);
    if (sockets.size === 0) this.channels.delete(channel);
    const member = subscription.member;
    if (member && !this.hasUser(sockets, member.userId)) return { goneMember: member };
    return {};
  }

  /** Whether the socket currently holds a subscription to the channel. */
  isSubscribed(channel: string, socketId: string): boolean {
    return this.channels.get(channel)?.has(socketId) ?? false;
  }

  /** The presence member a socket joined a channel as, if any. */
  memberOf(channel: string, socketId: string): PresenceMember | undefined {
    return this.channels.get(channel)?.get(socketId)?.member;
  }

  /** Sends a frame to every subscriber of a channel except `exceptSocketId`; returns the recipient count. */
  publish(channel: string, frame: OutgoingFrame, exceptSocketId?: string): number {
    const sockets = this.channels.get(channel);
    if (!sockets) return 0;
    const raw = encodeFrame(frame);
    let sent = 0;
    for (const [socketId, { subscriber }] of sockets) {
      if (socketId === exceptSocketId) continue;
      subscriber.sendRaw(raw);
      sent += 1;
    }
    return sent;
  }

  /** Presence roster in the shape of `pusher_internal:subscription_succeeded`. */
  presence(channel: string): PresenceSnapshot {
    const hash = new Map<string, unknown>();
    for (const { member } of this.channels.get(channel)?.values() ?? []) {
      if (member && !hash.has(member.userId)) hash.set(member.userId, member.userInfo);
    }
    return { ids: [...hash.keys()], hash: Object.fromEntries(hash), count: hash.size };
  }

  /** Number of sockets subscribed to a channel. */
  subscriptionCount(channel: string): number {
    return this.channels.get(channel)?.size ?? 0;
  }

  /** Number of distinct presence users in a channel. */
  userCount(channel: string): number {
    return this.presence(channel).count;
  }

  /** Names of all channels with at least one subscriber. */
  occupiedChannels(): string[] {
    return [...this.channels.keys()];
  }

  private hasUser(sockets: Map<string, Subscription>, userId: string): boolean {
    for (const { member } of sockets.values()) if (member?.userId === userId) return true;
    return false;
  }
}
