// @ts-check
// A tile's name never breaks at its hyphen (issue 24: «1-» at the end of one line, «4» on the
// next): every word of the client comes out of t() with the halves joined by U+2011, in both
// languages, whether the tile is a {tile} parameter or written in the words themselves.
import assert from "node:assert/strict";
import { test } from "node:test";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { client } from "./_paths.js";

const i18n = await import(client("i18n.js"));
const d = await import(client("describe.js"));
const { PAGES } = await import(client("content.js"));
// every module of words, found by name as tests/e2e/test_i18n_keys.py finds them
const dir = fileURLToPath(new URL(".", client("i18n.js")));
for (const file of readdirSync(dir).filter((f) => f.endsWith("_i18n.js"))) await import(client(file));

const BROKEN = /(?<![\w.])[0-6]-[0-6](?![\w])/;
const PARAMS = { tile: "1-4", a: "3-5", b: "0-6", n: 2, m: 3, v: 4, name: "Аня", side: "слева", move: "6-6", reason: "4-4 не подходит" };

test("unbrokenTiles joins a tile's halves and leaves other dashes alone", () => {
  assert.equal(i18n.unbrokenTiles("Костяшка 1-4, затем 6-6."), "Костяшка 1\u20114, затем 6\u20116.");
  assert.equal(i18n.unbrokenTiles("(0-0)"), "(0\u20110)");
  assert.equal(i18n.unbrokenTiles("1–24 буквы"), "1–24 буквы", "a range has an en dash");
  assert.equal(i18n.unbrokenTiles("5-10, 12-3, v1-2, 1.5-2"), "5-10, 12-3, v1-2, 1.5-2", "not a tile: a number, not a pip count");
  assert.equal(i18n.unbrokenTiles("дубль-шесть"), "дубль-шесть");
  assert.equal(i18n.unbrokenTiles(i18n.unbrokenTiles("1-4")), "1\u20114", "joining twice changes nothing");
});

test("no word of either language breaks a tile's name", () => {
  try {
    for (const lang of i18n.LANGUAGES) {
      i18n.setLanguage(lang);
      const keys = Object.keys(i18n._STRINGS[lang]);
      assert.ok(keys.length > 300, `${lang}: the words are loaded`);
      for (const key of keys) {
        const text = i18n.t(key, PARAMS);
        assert.doesNotMatch(text, BROKEN, `${lang} ${key}: ${text}`);
      }
      // the tutorial's own words name tiles in their text
      assert.match(i18n.t("tut.step2"), /1\u20114/, lang);
      // the lines the table builds from moves
      const nameOf = () => "Аня";
      for (const action of ["play 4-1 left", "play 6-6", "play 0-5 right"]) {
        const event = { seat: 1, action };
        for (const line of [d.historyLine(event, nameOf), d.announceLine(event, nameOf)]) {
          assert.doesNotMatch(line, BROKEN, `${lang}: ${line}`);
          assert.match(line, /[0-6]\u2011[0-6]/, `${lang}: ${line}`);
        }
      }
    }
  } finally {
    i18n.setLanguage("ru");
  }
});

test("the rules and tips pages join them too", () => {
  for (const [name, page] of Object.entries(PAGES)) {
    for (const [lang, blocks] of Object.entries(/** @type {Record<string, any[]>} */ (page))) {
      for (const block of blocks) {
        for (const text of [block.p, block.h2, block.h3, ...(block.ul ?? [])].filter(Boolean)) {
          assert.doesNotMatch(i18n.unbrokenTiles(text), BROKEN, `${name} ${lang}: ${text}`);
        }
      }
    }
  }
});
