import { SETUP_CODES, SETUP_TIMERS } from '@contracts/gateways-realtime';

// The Gateway Setup drawer's cards (docs/GATEWAYS.md 'The Setup drawer'): a gateway of
// the setup queue is IDLE until it is named, PENDING (staged) once named, in progress (202) after
// Submit, then set up (200) or failed (500). After Submit a countdown runs; whatever is still in
// progress when it reaches zero has failed, and the toast reports how many succeeded.

export const SETUP_MESSAGES = {
  idle: 'Name this Gateway to add it to the setup queue',
  pending: 'Gateway staged for setup',
  failed: 'Gateway setup failed',
  configFailed: 'Failed to set gateway name and location',
} as const;

export type CardStatus = 'IDLE' | 'PENDING' | typeof SETUP_CODES.progress | typeof SETUP_CODES.done | typeof SETUP_CODES.failed;

export interface SetupCard {
  id: number;
  mac: string;
  name: string;
  status: CardStatus;
  /** What the card says under its status: the spec's text, or the gateway's own message. */
  message: string;
  /** The id of the configuration request sent to it, to match its answer. */
  requestId: string | null;
  modelName: string | null;
  createdAt: string | null;
}

export interface SetupState {
  cards: SetupCard[];
  /** When the countdown ends (ms since the epoch), while the setup runs; null before Submit and after the end. */
  deadline: number | null;
  /** How many cards were submitted, and how many succeeded, once the setup has ended. */
  result: { submitted: number; succeeded: number } | null;
}

/** A gateway of the setup queue as the cards need it (the queue's answer carries more). */
export interface QueuedGateway {
  id: number;
  mac: string;
  name: string | null;
  modelName?: string;
  createdAt?: string;
}

/**
 * The cards of the gateways awaiting setup, keeping what was typed on cards still listed. A card
 * sent for setup stays where it was when it leaves the queue (naming it places it elsewhere), so
 * the run's outcome stays in view; gateways new to the queue come last.
 */
export function setupCards(gateways: readonly QueuedGateway[], previous: readonly SetupCard[] = []): SetupCard[] {
  const listed = new Set(gateways.map((g) => g.id));
  const kept = previous.filter((c) => listed.has(c.id) || c.requestId !== null);
  const keptIds = new Set(kept.map((c) => c.id));
  const added = gateways
    .filter((g) => !keptIds.has(g.id))
    .map((g) =>
      withName(
        { id: g.id, mac: g.mac, name: '', status: 'IDLE', message: SETUP_MESSAGES.idle, requestId: null, modelName: g.modelName ?? null, createdAt: g.createdAt ?? null },
        g.name ?? '',
      ),
    );
  return [...kept, ...added];
}

function withName(card: SetupCard, name: string): SetupCard {
  if (card.status !== 'IDLE' && card.status !== 'PENDING') return card;
  const named = name.trim() !== '';
  return { ...card, name, status: named ? 'PENDING' : 'IDLE', message: named ? SETUP_MESSAGES.pending : SETUP_MESSAGES.idle };
}

/** Nothing listed yet. */
export const EMPTY_SETUP: SetupState = { cards: [], deadline: null, result: null };

/** The drawer opened again: the last run's cards go (those still queued come back fresh); staged names stay. */
export function afterRun(state: SetupState, gateways: readonly QueuedGateway[]): SetupState {
  if (state.deadline !== null) return { ...state, cards: setupCards(gateways, state.cards) };
  return { cards: setupCards(gateways, state.cards.filter((c) => c.requestId === null)), deadline: null, result: null };
}

/** Naming a card stages it; clearing the name takes it out again. Cards being set up keep their state. */
export function nameCard(state: SetupState, id: number, name: string): SetupState {
  if (state.deadline !== null) return state;
  return { ...state, cards: state.cards.map((c) => (c.id === id ? withName(c, name) : c)) };
}

/** Submit needs a named gateway and a WiFi network name, and no setup running. */
export function canSubmit(state: SetupState, ssid: string): boolean {
  return state.deadline === null && ssid.trim() !== '' && state.cards.some((c) => c.status === 'PENDING');
}

/** Submit: every staged card is in progress, with its request id; the countdown starts. */
export function submitted(state: SetupState, requestIds: ReadonlyMap<number, string>, now: number): SetupState {
  return {
    deadline: now + SETUP_TIMERS.countdownMs,
    result: null,
    cards: state.cards.map((c) => {
      const requestId = requestIds.get(c.id);
      return c.status === 'PENDING' && requestId ? { ...c, status: SETUP_CODES.progress, message: 'Configuration dispatched', requestId } : c;
    }),
  };
}

/** A card that could not be named or moved (the HTTP call failed) fails at once with the reason. */
export function cardFailed(state: SetupState, id: number, reason: string): SetupState {
  return ended(state, state.cards.map((c) => (c.id === id && c.status === SETUP_CODES.progress ? { ...c, status: SETUP_CODES.failed, message: reason } : c)));
}

/** A gateway's answer to its configuration: 202 keeps it in progress, 200 sets it up, anything else fails it. */
export function cardAnswered(state: SetupState, answer: { id: string; mac: string; code: number; message?: string }): SetupState {
  const cards = state.cards.map((c) => {
    if (c.status !== SETUP_CODES.progress || c.requestId !== answer.id || c.mac.toUpperCase() !== answer.mac.toUpperCase()) return c;
    if (answer.code === SETUP_CODES.progress) return { ...c, message: answer.message ?? c.message };
    if (answer.code === SETUP_CODES.done) return { ...c, status: SETUP_CODES.done, message: answer.message ?? 'Gateway set up' };
    return { ...c, status: SETUP_CODES.failed, message: answer.message ?? SETUP_MESSAGES.failed };
  });
  return ended(state, cards);
}

/** The countdown at `now`: at zero whatever is still in progress has failed. */
export function countdownTick(state: SetupState, now: number): SetupState {
  if (state.deadline === null || now < state.deadline) return state;
  const cards = state.cards.map((c) => (c.status === SETUP_CODES.progress ? { ...c, status: SETUP_CODES.failed, message: SETUP_MESSAGES.failed } : c));
  return finish({ ...state, cards });
}

/** Seconds left on the countdown, or null when none runs. */
export const secondsLeft = (state: SetupState, now: number) => (state.deadline === null ? null : Math.max(0, Math.ceil((state.deadline - now) / 1000)));

/** The setup's end: once no card is in progress it ends before the countdown does. */
function ended(state: SetupState, cards: SetupCard[]): SetupState {
  const next = { ...state, cards };
  return state.deadline !== null && !cards.some((c) => c.status === SETUP_CODES.progress) ? finish(next) : next;
}

function finish(state: SetupState): SetupState {
  const submitted = state.cards.filter((c) => c.requestId !== null && (c.status === SETUP_CODES.done || c.status === SETUP_CODES.failed));
  return { ...state, deadline: null, result: { submitted: submitted.length, succeeded: submitted.filter((c) => c.status === SETUP_CODES.done).length } };
}

/** The toast at the end. */
export const setupSummary = (result: { submitted: number; succeeded: number }) => `Gateway Setup: ${result.succeeded}/${result.submitted} succeeded.`;
