// @ts-check
// The computer's pace on the client (pace.js): computer moves are let in a gap apart, in
// order, behind whatever came before them; nothing else ever waits, and a snapshot flushes.
import assert from "node:assert/strict";
import { test } from "node:test";
import { client } from "./_paths.js";

const { Pacer, PACES, computerMove } = await import(client("pace.js"));

/** A pacer on a hand-driven clock: `tick(ms)` moves time and fires what is due. */
function harness(gap = 700) {
  let now = 0;
  /** @type {{ at: number, fn: () => void }[]} */
  let timers = [];
  /** @type {any[]} */
  const seen = [];
  const pacer = new Pacer({
    deliver: (/** @type {any} */ f) => seen.push([now, f.tag]),
    gap: () => gap,
    now: () => now,
    later: (/** @type {() => void} */ fn, /** @type {number} */ ms) => { const t = { at: now + ms, fn }; timers.push(t); return t; },
    cancel: (/** @type {any} */ t) => { timers = timers.filter((x) => x !== t); },
  });
  const tick = (/** @type {number} */ ms) => {
    const end = now + ms;
    for (;;) {
      const due = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers = timers.filter((t) => t !== due);
      now = due.at;
      due.fn();
    }
    now = end;
  };
  return { pacer, seen, tick, pending: () => timers.length };
}

const move = (/** @type {string} */ tag, by = "computer") => ({ type: "event", tag, event: { kind: "action", action: "draw", by } });

test("only a computer's move is a paced frame", () => {
  assert.equal(computerMove(move("a")), true);
  assert.equal(computerMove(move("a", "player")), false);
  assert.equal(computerMove({ type: "event", event: { kind: "chat" } }), false);
  assert.equal(computerMove({ type: "presence" }), false);
  assert.deepEqual(Object.keys(PACES), ["fast", "normal", "slow"]);
  assert.ok(PACES.fast === 0 && PACES.normal < PACES.slow);
});

test("three computer moves that arrive together come in a gap apart, in order", () => {
  const { pacer, seen, tick } = harness(700);
  pacer.push(move("mine", "player"));
  tick(300);
  for (const tag of ["c1", "c2", "c3"]) pacer.push(move(tag));
  assert.deepEqual(seen, [[0, "mine"]], "the first computer move waits for the gap after mine");
  tick(2000);
  assert.deepEqual(seen, [[0, "mine"], [700, "c1"], [1400, "c2"], [2100, "c3"]]);
});

test("frames behind a waiting move wait with it: the order never changes", () => {
  const { pacer, seen, tick } = harness(700);
  pacer.push(move("c1"));
  pacer.push(move("c2"));
  pacer.push({ type: "presence", tag: "p" });
  pacer.push(move("c3", "player"));
  assert.deepEqual(seen.map((s) => s[1]), ["c1"]);
  tick(700);
  assert.deepEqual(seen.map((s) => s[1]), ["c1", "c2", "p", "c3"]);
});

test("a move that arrives after the gap is let in at once; the fast pace never waits", () => {
  const slow = harness(700);
  slow.pacer.push(move("c1"));
  slow.tick(1000);
  slow.pacer.push(move("c2"));
  assert.deepEqual(slow.seen, [[0, "c1"], [1000, "c2"]]);
  const fast = harness(0);
  for (const tag of ["c1", "c2", "c3"]) fast.pacer.push(move(tag));
  assert.deepEqual(fast.seen.map((s) => s[1]), ["c1", "c2", "c3"]);
  assert.equal(fast.pending(), 0);
});

test("a snapshot lets everything waiting in first; clear drops it", () => {
  const { pacer, seen, tick, pending } = harness(700);
  pacer.push(move("c1"));
  pacer.push(move("c2"));
  pacer.push({ type: "welcome", tag: "w" });
  assert.deepEqual(seen.map((s) => s[1]), ["c1", "c2", "w"]);
  assert.equal(pending(), 0);
  pacer.push(move("c3")); // c2 came in just now: c3 waits its gap …
  pacer.push(move("c4"));
  pacer.clear(); // … and the table is left meanwhile
  tick(5000);
  assert.deepEqual(seen.map((s) => s[1]), ["c1", "c2", "w"]);
});
