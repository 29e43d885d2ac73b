// @ts-check
// Checking a deal ourselves (docs/protocol.md "Verifiable deals"): every view commits to its
// deal (`commitment`, the SHA-256 of the deal's secret); once the deal is over a seat's view
// reveals the secret. From it this module recomputes every hand and the boneyard order with the
// documented shuffle (SHA-256 of the secret and a counter, Fisher–Yates with rejection
// sampling), and checks them against the commitment seen when the deal started and against
// every tile this client saw: the hands it was dealt, every tile it held, every tile laid,
// the hands shown at the end. DOM-free (crypto.subtle: the browser's, or node's global one in
// `node --test`); tests/js/verify.test.js.

/** @typedef {import("./types.js").View} View */
/** @typedef {import("./types.js").Witness} Witness */
/** @typedef {{ ok: true } | { ok: false, reason: string, detail: string }} Verdict */

/** The 28 tiles in the shuffle's order: 0-0, 0-1, …, 0-6, 1-1, …, 6-6. */
export const TILES = Object.freeze(Array.from({ length: 7 }, (_, a) => a)
  .flatMap((a) => Array.from({ length: 7 - a }, (_, k) => `${a}-${a + k}`)));

const HEX64 = /^[0-9a-f]{64}$/;
const WORD = 2 ** 32;

/** "5-2" and "2-5" are one tile. @param {string} tile */
const canon = (tile) => tile.split("-").map(Number).sort((x, y) => x - y).join("-");

/** @param {string} hex @returns {Uint8Array} */
function bytesOf(hex) {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** @param {Uint8Array} bytes @returns {Promise<Uint8Array>} */
async function sha256(bytes) {
  return new Uint8Array(await globalThis.crypto.subtle.digest("SHA-256", /** @type {BufferSource} */ (bytes)));
}

/** @param {Uint8Array} bytes */
const hexOf = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

/** The hex SHA-256 of a hex secret: what the table was shown. @param {string} secretHex */
export async function commitmentOf(secretHex) {
  return hexOf(await sha256(bytesOf(secretHex)));
}

/**
 * The 28 tiles in dealt order for *secretHex*: for i = 27 down to 1, swap i with a uniform
 * j in 0..i, j taken from the 32-bit big-endian words of SHA-256(secret ‖ counter).
 * @param {string} secretHex
 * @returns {Promise<string[]>}
 */
export async function permutation(secretHex) {
  const secret = bytesOf(secretHex);
  const tiles = [...TILES];
  /** @type {number[]} */
  let words = [];
  let counter = 0;
  const next = async () => {
    if (!words.length) {
      const input = new Uint8Array(secret.length + 4);
      input.set(secret);
      new DataView(input.buffer).setUint32(secret.length, counter++, false);
      const block = await sha256(input);
      const view = new DataView(block.buffer);
      words = Array.from({ length: 8 }, (_, k) => view.getUint32(4 * k, false));
    }
    return /** @type {number} */ (words.shift());
  };
  for (let i = tiles.length - 1; i > 0; i--) {
    const n = i + 1;
    const limit = WORD - (WORD % n); // words at or above it would favour the small indices
    let w = await next();
    while (w >= limit) w = await next();
    const j = w % n;
    [tiles[i], tiles[j]] = [tiles[j], tiles[i]];
  }
  return tiles;
}

/**
 * Every hand (seat s: positions s·h … s·h+h−1) and the boneyard in draw order.
 * @param {string} secretHex @param {number} players @param {number} handSize
 * @returns {Promise<{ hands: string[][], boneyard: string[] }>}
 */
export async function dealOf(secretHex, players, handSize) {
  const tiles = await permutation(secretHex);
  const hands = Array.from({ length: players }, (_, s) => tiles.slice(s * handSize, (s + 1) * handSize));
  return { hands, boneyard: tiles.slice(players * handSize) };
}

/**
 * What this client has seen of the deal in *view*, added to *witness* (a new one when the
 * commitment changed: a new deal, or a redeal). Pure; kept in the store by table_state.js.
 * The hand a seat was dealt is known only from a view before anything was played.
 * @param {Witness|null} witness
 * @param {View|null} view
 * @returns {Witness|null}
 */
export function witnessed(witness, view) {
  const commitment = typeof view?.commitment === "string" ? view.commitment : null;
  if (!view || !commitment) return null;
  const same = witness?.commitment === commitment;
  /** @type {Witness} */
  const next = same && witness ? { ...witness, dealt: { ...witness.dealt }, held: { ...witness.held } }
    : { commitment, players: view.hand_sizes?.length ?? 2, handSize: Number(view.rules?.hand_size ?? 7), dealt: {}, held: {} };
  const seat = view.seat;
  if (seat !== null && seat !== undefined && Array.isArray(view.hand)) {
    const hand = view.hand.map(canon);
    if (!(view.history ?? []).length && next.dealt[seat] === undefined) next.dealt[seat] = hand;
    next.held[seat] = [...new Set([...(next.held[seat] ?? []), ...hand])];
  }
  return next;
}

/** @param {string[]} a @param {string[]} b */
const sameSet = (a, b) => a.length === b.length && [...a].map(canon).sort().join() === [...b].map(canon).sort().join();

/**
 * Check the finished deal of *view* (its `secret` revealed) against *witness*.
 * @param {Witness} witness
 * @param {View} view
 * @returns {Promise<Verdict>}
 */
export async function verifyDeal(witness, view) {
  const secret = typeof view.secret === "string" ? view.secret.toLowerCase() : "";
  if (!HEX64.test(secret)) return { ok: false, reason: "secret", detail: "" };
  const committed = await commitmentOf(secret);
  if (committed !== witness.commitment) return { ok: false, reason: "commitment", detail: `${witness.commitment.slice(0, 8)} ≠ ${committed.slice(0, 8)}` };
  const { hands, boneyard } = await dealOf(secret, witness.players, witness.handSize);
  for (const [seat, hand] of Object.entries(witness.dealt)) {
    if (!sameSet(hand, hands[Number(seat)] ?? [])) return { ok: false, reason: "dealt", detail: String(Number(seat) + 1) };
  }
  // the deal again, move by move: each draw takes the boneyard's next tile, each play must
  // lay a tile its seat holds
  const holding = hands.map((h) => new Set(h));
  const got = hands.map((h) => new Set(h));
  let drawn = 0;
  for (const move of view.history ?? []) {
    const [kind, tile] = String(move.action).split(" ");
    const seat = Number(move.seat);
    if (kind === "draw") {
      if (drawn >= boneyard.length) return { ok: false, reason: "draw", detail: String(seat + 1) };
      holding[seat].add(boneyard[drawn]);
      got[seat].add(boneyard[drawn]);
      drawn++;
    } else if (kind === "play") {
      const played = canon(tile);
      if (!holding[seat]?.has(played)) return { ok: false, reason: "play", detail: played };
      holding[seat].delete(played);
    }
  }
  for (const [seat, held] of Object.entries(witness.held)) {
    const wrong = held.find((x) => !got[Number(seat)]?.has(x));
    if (wrong) return { ok: false, reason: "held", detail: wrong };
  }
  const revealed = /** @type {string[][]|null|undefined} */ (view.revealed_hands);
  if (Array.isArray(revealed)) {
    const seat = revealed.findIndex((hand, s) => !sameSet(hand, [...holding[s]]));
    if (seat >= 0) return { ok: false, reason: "revealed", detail: String(seat + 1) };
  }
  if (typeof view.boneyard === "number" && view.boneyard !== boneyard.length - drawn) {
    return { ok: false, reason: "boneyard", detail: String(view.boneyard) };
  }
  return { ok: true };
}
