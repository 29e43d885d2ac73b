// @ts-check
// The computer's pace, kept on the client: the server sends each computer move as soon as it
// is stored (about 0.3 s apart), and the table lets them in one by one, a chosen gap apart,
// so three computers' moves between two of yours can each be seen. The server stays as it is
// (honest and fast: its clocks and state never wait for a screen); only what this screen shows
// lags, and never past the frames it has: your turn shows once the moves before it have.
// DOM-free (timers and time come in), tested in node (tests/js/pace.test.js).

/** @typedef {import("./types.js").Frame} Frame */

/** The gap (ms) before a computer move that follows another seat's move, by pace. */
export const PACES = /** @type {const} */ ({ fast: 0, normal: 700, slow: 1400 });
/** @typedef {keyof typeof PACES} Pace */

/** Whether *frame* is a move of the computer (the only frames that are ever held). */
export function computerMove(/** @type {Frame} */ frame) {
  return frame.type === "event" && frame.event?.kind === "action" && /** @type {any} */ (frame.event).by === "computer";
}

export class Pacer {
  /**
   * @param {{ deliver: (frame: Frame) => void, gap: () => number,
   *   now?: () => number, later?: (fn: () => void, ms: number) => unknown, cancel?: (id: unknown) => void }} options
   */
  constructor({ deliver, gap, now = () => performance.now(), later = (fn, ms) => setTimeout(fn, ms), cancel = (id) => clearTimeout(/** @type {any} */ (id)) }) {
    this.deliver = deliver;
    this.gap = gap;
    this.now = now;
    this.later = later;
    this.cancel = cancel;
    /** @type {Frame[]} */
    this.queue = [];
    /** when the last move was let in, and whether the computer made it */
    this.lastMoveAt = -Infinity;
    this.timer = /** @type {unknown} */ (null);
  }

  /** A frame from the socket: let in now, or after the frames before it and the gap. */
  push(/** @type {Frame} */ frame) {
    // a snapshot supersedes whatever was waiting: show it at once
    if (frame.type === "welcome" || frame.type === "watching") this.flush();
    this.queue.push(frame);
    this.pump();
  }

  /** Let in every waiting frame now (a snapshot came, the table closes, the pace changed). */
  flush() {
    if (this.timer !== null) this.cancel(this.timer);
    this.timer = null;
    const waiting = this.queue;
    this.queue = [];
    for (const frame of waiting) this.letIn(frame);
  }

  /** Drop what waits (the table is left). */
  clear() {
    if (this.timer !== null) this.cancel(this.timer);
    this.timer = null;
    this.queue = [];
  }

  /** @private */
  pump() {
    while (this.queue.length && this.timer === null) {
      const frame = this.queue[0];
      const wait = computerMove(frame) ? this.lastMoveAt + this.gap() - this.now() : 0;
      if (wait > 0) {
        this.timer = this.later(() => {
          this.timer = null;
          this.pump();
        }, wait);
        return;
      }
      this.queue.shift();
      this.letIn(frame);
    }
  }

  /** @private */
  letIn(/** @type {Frame} */ frame) {
    if (frame.type === "event" && frame.event?.kind === "action") this.lastMoveAt = this.now();
    this.deliver(frame);
  }
}
