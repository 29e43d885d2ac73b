// @ts-check
// The hall without the DOM: the name rule (as hall/names.py), the table list after lobby frames.
import assert from "node:assert/strict";
import { test } from "node:test";
import { CATALOGUE } from "./_catalogue.js";
import { client } from "./_paths.js";

const h = await import(client("hall.js"));
// as main.js does before any screen opens
(await import(client("presets.js"))).setCatalogue(CATALOGUE);

test("names: spaces folded, any script and emoji; controls, marks and < > refused", () => {
  assert.equal(h.cleanName("  Аня   Петрова "), "Аня Петрова");
  assert.equal(h.cleanName("👩‍💻 Kim"), "👩‍💻 Kim");
  for (const bad of ["<script>", "", "x".repeat(25), "...", "a\u200bb", "a\u202eb", null]) assert.equal(h.cleanName(bad), null, String(bad));
  assert.equal(h.cleanName("x".repeat(24)), "x".repeat(24));
});

test("lobby frames: the whole list, then changes in order of setting up", () => {
  let tables = h.applyLobby([], { type: "lobby", tables: [{ game_id: "a", since: 2 }, { game_id: "b", since: 1 }] });
  assert.deepEqual(tables.map((/** @type {any} */ x) => x.game_id), ["a", "b"], "the whole list as sent");
  tables = h.applyLobby(tables, { type: "lobby_delta", removed: ["a"], added: [{ game_id: "c", since: 0 }], changed: [{ game_id: "b", since: 1, status: "playing" }] });
  assert.deepEqual(tables.map((/** @type {any} */ x) => [x.game_id, x.status]), [["c", undefined], ["b", "playing"]]);
});

test("a table's rules say its target only when it is not the usual 101", () => {
  assert.doesNotMatch(h.rulesLabel({ preset: "101", target: 101 }), /101.*101/);
  assert.match(h.rulesLabel({ preset: "101", target: 301 }), /301/);
  assert.match(h.rulesLabel({ preset: "kozel", target: 201 }), /201/);
});
