// @ts-check
// Counted words: the CLDR category of a number in Russian and English, and every plural key
// filled with its number in the right form (the browser test checks the grammar of 0–200).
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { client } from "./_paths.js";

const i18n = await import(client("i18n.js"));
// every module of words (*_i18n.js), as tests/e2e/test_i18n_keys.py finds them: a new one is never left out
const words = readdirSync(fileURLToPath(new URL(client(""))), { encoding: "utf8" }).filter((f) => f.endsWith("_i18n.js"));
for (const extra of words) await import(client(extra));

test("Russian and English plural categories", () => {
  const ru = [[0, "many"], [1, "one"], [2, "few"], [4, "few"], [5, "many"], [11, "many"], [12, "many"], [14, "many"],
    [21, "one"], [22, "few"], [25, "many"], [101, "one"], [111, "many"], [122, "few"]];
  for (const [n, category] of ru) assert.equal(i18n.pluralCategory(n, "ru"), category, `ru ${n}`);
  for (const [n, category] of [[0, "other"], [1, "one"], [2, "other"], [21, "other"]]) assert.equal(i18n.pluralCategory(n, "en"), category, `en ${n}`);
});

test("every plural key has the forms its language needs, and t() picks by n", () => {
  const keys = i18n.pluralKeys();
  assert.ok(keys.length >= 12, "the counts of the result sheet, the hall and the table are plural-aware");
  for (const key of keys) {
    assert.ok(["one", "few", "many", "other"].every((c) => c in i18n._STRINGS.ru[key]), `ru ${key}`);
    assert.ok(["one", "other"].every((c) => c in i18n._STRINGS.en[key]), `en ${key}`);
  }
  try {
    i18n.setLanguage("ru");
    const forms = i18n._STRINGS.ru["tilesCount"];
    assert.equal(i18n.t("tilesCount", { n: 3 }), forms.few.replace("{n}", "3"));
    assert.equal(i18n.t("tilesCount", { n: 5 }), forms.many.replace("{n}", "5"));
    i18n.setLanguage("en");
    assert.equal(i18n.t("tilesCount", { n: 1 }), i18n._STRINGS.en["tilesCount"].one.replace("{n}", "1"));
  } finally {
    i18n.setLanguage("ru");
  }
});

test("t() fills placeholders, keeps unknown ones, falls back to Russian and then to the key", () => {
  assert.equal(i18n.setLanguage("xx"), "ru", "an unknown language is Russian");
  assert.equal(i18n.t("no.such.key"), "no.such.key");
  assert.match(i18n.t("error.move", { reason: "X" }), /X/);
  assert.match(i18n.t("error.move"), /\{reason\}/);
  i18n.setLanguage("en");
  i18n.extend("ru", { "test.onlyRu": "только" });
  assert.equal(i18n.t("test.onlyRu"), "только");
  i18n.setLanguage("ru");
});
