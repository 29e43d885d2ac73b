// @ts-check
// The browser's check of a deal (verify.js) in node, with node's own crypto.subtle: the shuffle
// gives docs/protocol.md's worked example and the core's deals, a fair deal verifies, and each
// kind of disagreement is named.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { client } from "./_paths.js";

const { TILES, commitmentOf, dealOf, permutation, verifyDeal, witnessed } = await import(client("verify.js"));

const DOC = readFileSync(new URL("../../docs/protocol.md", import.meta.url), "utf-8");
const EXAMPLE = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
/** a secret and the deal the core's shuffle (core/shuffle.py) gives it for three players */
const THREE = { secret: "ff".repeat(16) + "00".repeat(16),
  hands: [["0-2", "1-1", "1-2", "1-3", "2-3", "3-3", "3-6"], ["0-5", "1-4", "1-5", "2-6", "3-4", "4-6", "5-5"],
    ["0-0", "1-6", "2-2", "2-4", "4-4", "4-5", "5-6"]],
  boneyard: ["0-3", "3-5", "0-1", "0-6", "0-4", "6-6", "2-5"] };

const sorted = (/** @type {string[]} */ xs) => [...xs].sort();

test("the tiles are in the core's order", () => {
  assert.equal(TILES.length, 28);
  assert.deepEqual(TILES.slice(0, 8), ["0-0", "0-1", "0-2", "0-3", "0-4", "0-5", "0-6", "1-1"]);
  assert.equal(TILES[27], "6-6");
});

test("the doc's worked example: its commitment and its permutation", async () => {
  const section = DOC.slice(DOC.indexOf("### Verifiable deals"));
  assert.ok(section.includes(EXAMPLE));
  const commitment = /commitment `([0-9a-f]{64})`/.exec(section)?.[1];
  assert.equal(await commitmentOf(EXAMPLE), commitment);
  const listed = /permutation:\s+`([0-6\-,\s]+)`/.exec(section)?.[1].split(",").map((x) => x.trim());
  assert.deepEqual(await permutation(EXAMPLE), listed);
});

test("three players: the hands and the boneyard order the core deals", async () => {
  const deal = await dealOf(THREE.secret, 3, 7);
  assert.deepEqual(deal.hands.map(sorted), THREE.hands);
  assert.deepEqual(deal.boneyard, THREE.boneyard);
});

/** Views of a short deal from seat 0's side: dealt, seat 1 draws the boneyard's first tile and
 * lays it, seat 0 lays one of its own; then the end with every hand shown. */
async function aDeal(secret = THREE.secret) {
  const { hands, boneyard } = await dealOf(secret, 3, 7);
  const commitment = await commitmentOf(secret);
  const base = { seat: 0, version: 0, to_move: 0, hand_sizes: [7, 7, 7], rules: { preset: "draw", hand_size: 7 }, commitment, secret: null };
  const start = { ...base, hand: sorted(hands[0]), history: [], boneyard: 7 };
  const history = [{ seat: 1, action: "draw" }, { seat: 1, action: `play ${boneyard[0]} left` }, { seat: 0, action: `play ${hands[0][0]} right` }];
  const rest = [hands[0].slice(1), hands[1], hands[2]];
  const end = { ...base, hand: sorted(rest[0]), history, boneyard: 6, result: { winner: 0 }, secret, revealed_hands: rest.map(sorted) };
  return { start, end, hands, boneyard };
}

test("a fair deal verifies from what the seat saw", async () => {
  const { start, end } = await aDeal();
  const witness = witnessed(witnessed(null, start), end);
  assert.deepEqual(witness.dealt[0], start.hand);
  assert.deepEqual(await verifyDeal(witness, end), { ok: true });
});

test("a witness starts again when the commitment changes (a new deal, a redeal)", async () => {
  const { start } = await aDeal();
  const other = await aDeal(EXAMPLE);
  const witness = witnessed(witnessed(null, start), other.start);
  assert.equal(witness.commitment, other.start.commitment);
  assert.deepEqual(witness.dealt[0], other.start.hand);
  assert.equal(witnessed(witness, { ...other.start, commitment: null }), null);
});

test("each disagreement is named, never passed over", async () => {
  const { start, end, hands } = await aDeal();
  const witness = witnessed(witnessed(null, start), end);
  const reason = async (/** @type {any} */ w, /** @type {any} */ v) => (await verifyDeal(w, v)).reason;
  // another secret than the one committed to
  assert.equal(await reason(witness, { ...end, secret: EXAMPLE }), "commitment");
  assert.equal(await reason(witness, { ...end, secret: "not hex" }), "secret");
  assert.equal(await reason(witness, { ...end, secret: undefined }), "secret");
  // the hand the seat was dealt is not the secret's
  assert.equal(await reason({ ...witness, dealt: { 0: hands[1] } }, end), "dealt");
  // a tile laid that its seat never held
  const history = [...end.history, { seat: 2, action: `play ${hands[1][3]} left` }];
  assert.equal(await reason(witness, { ...end, history }), "play");
  // a tile the seat held that the deal never gave it
  assert.equal(await reason({ ...witness, held: { 0: [...witness.held[0], hands[2][0]] } }, end), "held");
  // the hands shown at the end
  const shown = [end.revealed_hands[0], end.revealed_hands[2], end.revealed_hands[1]];
  assert.equal(await reason(witness, { ...end, revealed_hands: shown }), "revealed");
  assert.equal(await reason(witness, { ...end, boneyard: 3 }), "boneyard");
  const drawsAll = Array.from({ length: 8 }, () => ({ seat: 2, action: "draw" }));
  assert.equal(await reason(witness, { ...end, history: drawsAll }), "draw");
});
