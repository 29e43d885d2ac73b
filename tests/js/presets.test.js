// @ts-check
// The preset catalogue: what GET /api/presets answers becomes every choice the client offers,
// and no module of the client writes the game types or the levels out as a list of its own.
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { CATALOGUE as SERVED } from "./_catalogue.js";
import { client } from "./_paths.js";

const presets = await import(client("presets.js"));

// the server's answer, with one made-up game type added
const CATALOGUE = { ...SERVED, presets: [...SERVED.presets,
  { key: "quick", players: [2, 3], default_players: 2, targets: [], only_targets: false, teams: false }] };

test("the catalogue answers every question the screens ask", () => {
  presets.setCatalogue(CATALOGUE);
  assert.deepEqual(presets.presetKeys(), ["draw", "block", "101", "kozel", "quick"]);
  assert.deepEqual(presets.levels(), ["easy", "medium", "hard"]);
  assert.equal(presets.defaultLevel(), "medium");
  assert.deepEqual(presets.matchPresets(), ["101", "kozel"]);
  assert.equal(presets.isMatch("draw"), false);
  assert.deepEqual(presets.targetsOf("kozel"), [101, 201, 301]);
  assert.equal(presets.validTarget("kozel", 201), 201);
  assert.equal(presets.validTarget("kozel", 501), 101, "a target kozel does not offer falls back to its own");
  assert.equal(presets.validTarget("101", "301"), 301);
  assert.equal(presets.playersChosen("quick"), true);
  assert.equal(presets.playersChosen("101"), false);
  assert.equal(presets.defaultPlayers("kozel"), 4);
  assert.equal(presets.isTeams("kozel"), true);
  assert.equal(presets.isTeams("draw"), false);
  assert.equal(presets.presetInfo("chess"), undefined);
  assert.deepEqual(presets.targetsOf("chess"), []);
});

test("an answer that is not a catalogue is refused and the old one kept", () => {
  presets.setCatalogue(CATALOGUE);
  for (const bad of [null, {}, { presets: [{ key: 1 }], levels: [], default_level: "" },
    { presets: [{ key: "x", players: [], targets: [] }], levels: [], default_level: "" }]) {
    assert.throws(() => presets.setCatalogue(bad), TypeError);
  }
  assert.equal(presets.presetKeys().length, 5);
});

test("the catalogue is fetched again while the server is not answering yet", async () => {
  const asked = [];
  let calls = 0;
  const get = async (/** @type {string} */ url) => {
    asked.push(url);
    calls += 1;
    if (calls === 1) throw new Error("connection refused");
    return { ok: true, json: async () => ({ ...CATALOGUE, default_level: "easy" }) };
  };
  await presets.loadCatalogue(get);
  assert.deepEqual(asked, ["/api/presets", "/api/presets"]);
  assert.equal(presets.defaultLevel(), "easy");
});

test("no client module lists the game types or the levels itself", () => {
  const root = fileURLToPath(new URL("../../src/doublesix/server/static/js/", import.meta.url));
  const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".js"));
  assert.ok(files.length > 20);
  const names = ["draw", "block", "101", "kozel", "easy", "medium", "hard"];
  // an array literal holding two or more of those names, in any quotes and order
  const list = /\[([^[\]]*)\]/g;
  for (const file of files) {
    const text = readFileSync(root + file, "utf8");
    for (const [, inside] of text.matchAll(list)) {
      const strings = [...inside.matchAll(/["'`]([^"'`]*)["'`]/g)].map((m) => m[1]);
      const named = strings.filter((s) => names.includes(s));
      assert.ok(named.length < 2, `${file} lists ${named.join(", ")}: read them from presets.js`);
    }
  }
});
