// The shapes the client passes around, for `tsc --noEmit` only: this file is never loaded by
// the browser (JSDoc refers to it with import("./types.js").Name, which is a type, not a
// request). The wire shapes follow docs/protocol.md; fields the client never reads are left out.

export type Screen = "home" | "table" | "lobby" | "hall" | "tutorial" | "rules" | "tips" | "profile" | "past" | "leaders";
export type Mode = "computer" | "hotseat" | "online" | "watch";

/** A place in the client: a screen and what it shows (router.js). */
export interface Route {
  screen: Screen;
  /** id: a profile's public id (#profile=ID; none: this browser's own); key: a past game's;
   * rating and period: a leaderboard's (#leaders=block.week) */
  params: { mode?: Mode; room?: string; join?: string; invite?: string; notFound?: boolean; id?: string; key?: string; rating?: string; period?: string };
}

export interface Rules {
  preset: string;
  target?: number;
  players?: number;
  teams?: boolean;
  draw_rule?: string;
  [key: string]: unknown;
}

/** What the server gave this browser for a seat (POST /api/games, /join, /sit). */
export interface SeatRecord {
  game_id: string;
  token?: string | null;
  seat: number;
  seats?: number[];
  mode?: string;
  invite_url?: string;
}

export interface DealScore {
  deal: number;
  scores: number[];
}

export interface HistoryEntry {
  seat: number;
  action: string;
  /** the line's two ends before this action (null before the first tile) */
  ends_before?: number[] | null;
  [key: string]: unknown;
}

export interface Match {
  deal: number;
  scores: number[];
  target: number;
  hanging?: number;
  [key: string]: unknown;
}

/** A seat's view of the game (the server's `view`). */
export interface View {
  seat: number;
  version: number;
  to_move: number | null;
  hand: string[];
  hand_sizes?: number[];
  line?: number[][];
  ends?: number[] | null;
  legal?: string[];
  lead_options?: string[];
  history?: HistoryEntry[];
  result?: Record<string, unknown> | null;
  match?: Match | null;
  rules?: Rules;
  boneyard?: number;
  /** the hex SHA-256 of the deal's shuffle secret (docs/protocol.md "Verifiable deals") */
  commitment?: string | null;
  /** that secret, once the deal is over (a seat's view only) */
  secret?: string | null;
  [key: string]: unknown;
}

/** What this client saw of one deal (verify.js witnessed): the commitment it was first shown,
 * the hands dealt (seen before any move) and every tile held, by seat. */
export interface Witness {
  commitment: string;
  players: number;
  handSize: number;
  dealt: Record<number, string[]>;
  held: Record<number, string[]>;
}

/** The browser's own check of a finished deal: for which commitment, and its verdict. */
export interface Verified {
  commitment: string;
  ok: boolean;
  reason?: string;
  detail?: string;
}

export interface RoomSeat {
  seat: number;
  name?: string | null;
  taken?: boolean;
  connected?: boolean;
  computer?: boolean;
  [key: string]: unknown;
  /** away past the leave grace (docs/protocol.md "Leavers"); only when true */
  left?: boolean;
  /** the computer plays the seat for its absent person; only when true */
  stand_in?: boolean;
}

export interface Room {
  game_id?: string;
  mode?: string;
  rules?: Rules;
  level?: string;
  seats: RoomSeat[];
  waiting_for?: number[];
  hall?: { public?: boolean; clock?: unknown; over?: unknown; [key: string]: unknown } | null;
  rematch?: number[];
  game_no?: number;
  can_reset?: boolean;
  [key: string]: unknown;
}

export interface GameEvent {
  kind: string;
  seat?: number;
  action?: string;
  [key: string]: unknown;
}

export interface ChatLine {
  seat: number;
  name?: string;
  text: string;
  at?: number;
}

/** A frame from the game socket (welcome, watching, event, presence, …). */
export interface Frame {
  type: string;
  view?: View;
  room?: Room;
  event?: GameEvent;
  seats?: any[];
  seat?: number;
  missed?: { event?: GameEvent }[];
  chat?: ChatLine[];
  code?: string;
  message?: string;
  [key: string]: any;
}

/** The store's state: every key the client keeps (store.js declares their first values). */
export interface State {
  screen: Screen;
  mode: Mode | null;
  game: (SeatRecord & { seats?: number[] }) | null;
  view: View | null;
  room: Room | null;
  conn: string;
  selected: string | null;
  covered: boolean;
  readySeat: number | null;
  announce: { event: GameEvent; draws: number } | null;
  errorText: string;
  loading: boolean;
  resultHidden: boolean;
  pending: boolean;
  lang: string;
  level: string;
  deals: DealScore[];
  inviteLink: string | null;
  resigned: { seat: number; name: string } | null;
  sheetView: View | null;
  nextAsked: boolean;
  chat: ChatLine[];
  chatError: string;
  freshIndex: number | null;
  freshHand: string[] | null;
  freshFrom: "me" | "top" | null;
  witness: Witness | null;
  verified: Verified | null;
}

/** A <fieldset> of game choices (views/choices.js): its options re-sync on a change. */
export type PresetBox = HTMLElement & { computersSync?: () => void; playersSync?: () => void };

/** layout.js: a rectangle in units (a tile is 2×1), a tile's place (*a* drawn at the left/top),
 * a laid-out tile (a corner is an upright tile of a turn), an open end with its free slot. */
export interface Rect { x: number; y: number; w: number; h: number }
export interface TileRect extends Rect { a: number; b: number }
export interface LineItem extends TileRect { index: number; row: number; corner: boolean }
export interface LineEnd { x: number; y: number; dir: number; turn: number; value: number; slot: Rect }
export interface Layout { items: LineItem[]; ends: { left: LineEnd | null; right: LineEnd | null }; box: Rect; rows: number[] }
/** layout.js: the size and place chosen for a deal's line on one board (kept between
 * renders): px per unit, the board pixel of the first tile's centre, the board's width it was
 * chosen for, and how many times the tiles shrank since the deal's start. */
export interface LineFit { unit: number; ox: number; oy: number; width: number; steps: number }
