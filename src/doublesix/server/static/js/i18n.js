// @ts-check
// UI words in Russian (default) and English. DOM-free: the tables (i18n_ru.js, i18n_en.js,
// and what feature modules add with extend()) and `t()`.

import { EN } from "./i18n_en.js";
import { RU } from "./i18n_ru.js";

/** @type {Record<string, Record<string, string | Record<string, string>>>} */
const STRINGS = { ru: RU, en: EN };

export const LANGUAGES = ["ru", "en"];
let current = "ru";

/** @param {string} lang @returns {string} the language now in use */
export function setLanguage(lang) {
  current = LANGUAGES.includes(lang) ? lang : "ru";
  return current;
}

export function language() {
  return current;
}

/**
 * The string for *key* in the current language, with {name} placeholders filled in.
 * @param {string} key
 * @param {Record<string, unknown>} [params]
 * @returns {string}
 */
export function t(key, params = {}) {
  const table = STRINGS[current] ?? STRINGS.ru;
  let text = table[key] ?? STRINGS.ru[key] ?? key;
  if (typeof text === "object") text = text[pluralCategory(params.n)] ?? text.other;
  return unbrokenTiles(text.replace(/\{(\w+)\}/g, (/** @type {string} */ _, /** @type {string} */ name) => (name in params ? String(params[name]) : `{${name}}`)));
}

/** A tile's name in running text, «1-4», joined by a non-breaking hyphen (U+2011): a line
 * that wrapped at the hyphen left «1-» at one line's end and «4» at the next. Every word of
 * the client goes through t(), so tile names in words or in {tile} params are joined there;
 * the rules pages (content.js) call it themselves. A range such as «1–24» has an en dash. */
export function unbrokenTiles(/** @type {string} */ text) {
  return text.replace(/(?<![\w.‑-])([0-6])-([0-6])(?![\w‑-])/g, "$1\u2011$2");
}

export const _STRINGS = STRINGS;

/** @type {Map<string, Intl.PluralRules>} */
const pluralRules = new Map();

/** The CLDR plural category of *n* in the current language ("one", "few", "many", "other"). */
/** @param {unknown} n @param {string} [lang] @returns {string} */
export function pluralCategory(n, lang = current) {
  if (!pluralRules.has(lang)) pluralRules.set(lang, new Intl.PluralRules(lang));
  return /** @type {Intl.PluralRules} */ (pluralRules.get(lang)).select(Number(n) || 0);
}

/** The keys whose text depends on a count {n}: each has a form for every plural category. */
export function pluralKeys() {
  return Object.keys(STRINGS.ru).filter((k) => typeof STRINGS.ru[k] === "object");
}

/** Add strings of a feature module (e.g. the hall) without editing the tables above. */
/** @param {string} lang @param {Record<string, string | Record<string, string>>} table */
export function extend(lang, table) {
  Object.assign(STRINGS[lang], table);
}
