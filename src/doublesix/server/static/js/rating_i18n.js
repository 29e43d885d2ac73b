// @ts-check
// Words for the rating line of a rated game's result sheet (js/rating_sheet.js), Russian first.
import { extend } from "./i18n.js";

extend("ru", {
  "rating.title": "Рейтинг",
  "rating.pending": "Рейтинг пересчитывается…",
  "rating.not.self_game": "Не в рейтинг: оба места за одним профилем",
  "rating.not.computer": "Не в рейтинг: за столом компьютер",
  "rating.not.no_profile": "Не в рейтинг: у игрока нет профиля",
  "rating.not.unrated_type": "Эта игра не рейтинговая",
});
extend("en", {
  "rating.title": "Rating",
  "rating.pending": "Updating the ratings…",
  "rating.not.self_game": "Not rated: one profile held both seats",
  "rating.not.computer": "Not rated: the computer played",
  "rating.not.no_profile": "Not rated: a player had no profile",
  "rating.not.unrated_type": "This game type is not rated",
});
