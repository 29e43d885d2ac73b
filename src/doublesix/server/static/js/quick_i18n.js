// @ts-check
// «Играть сейчас»'s words (issue 25): the hall's button that finds an opponent of your level.
import { extend } from "./i18n.js";

extend("ru", {
  "quick.title": "Играть сейчас",
  "quick.note": "Рейтинговая партия с соперником вашего уровня",
  "quick.play": "Играть сейчас",
  "quick.cancel": "Отмена",
  "quick.seeking": "Ищем соперника…",
  "quick.window": "Ваш рейтинг {rating} · соперник {low}–\u2060{high}",
  "quick.windowAny": "Ваш рейтинг {rating} · любой соперник",
  "quick.found": "Соперник найден: {name} ({rating})",
  "quick.replaced": "Поиск идёт в другой вкладке",
  "quick.failed": "Не получилось начать партию — попробуйте ещё раз",
  "quick.cancelled": "Поиск отменён",
});

extend("en", {
  "quick.title": "Play now",
  "quick.note": "A rated game against someone of your level",
  "quick.play": "Play now",
  "quick.cancel": "Cancel",
  "quick.seeking": "Looking for an opponent…",
  "quick.window": "Your rating {rating} · opponent {low}–\u2060{high}",
  "quick.windowAny": "Your rating {rating} · any opponent",
  "quick.found": "Opponent found: {name} ({rating})",
  "quick.replaced": "Looking in another tab",
  "quick.failed": "The game could not start — try again",
  "quick.cancelled": "Search cancelled",
});
