// @ts-check
// Words for «since your turn» at a table of three or four (js/since.js), Russian first.
// The acts are nouns or need no verb («добор», «пас», «1-3 к 3»): the same words fit «Игрок 2»,
// «Компьютер слева» and a player named Маша.
import { extend } from "./i18n.js";

extend("ru", {
  "since.lead": "С вашего хода:",
  "since.title": "Ходы с вашего прошлого хода",
  "since.seat": "{name}: {acts}",
  "since.partner": "{name} (партнёр)",
  "since.round": "За круг:",
  "since.play": "{tile} {side}",
  "since.playTo": "{tile} к\u00a0{v}",
  "since.first": "заход {tile}",
  "since.draw": "добор",
  "since.draws": "добор\u00a0×{n}",
  "since.pass": "пас",
  "since.redeal": "пересдача",
  "since.left": "слева",
  "since.right": "справа",
  // a computer named by where it sits, in the summary of a seat of one's own
  "since.place.left": "Слева",
  "since.place.top": "Напротив",
  "since.place.right": "Справа",
});

extend("en", {
  "since.lead": "Since your turn:",
  "since.title": "Moves since your last turn",
  "since.seat": "{name}: {acts}",
  "since.partner": "{name} (partner)",
  "since.round": "This round:",
  "since.play": "{tile} {side}",
  "since.playTo": "{tile} on\u00a0{v}",
  "since.first": "led {tile}",
  "since.draw": "drew from the boneyard",
  "since.draws": "drew {n} from the boneyard",
  "since.pass": "passed",
  "since.redeal": "asked for a redeal",
  "since.left": "left",
  "since.right": "right",
  "since.place.left": "Left",
  "since.place.top": "Across",
  "since.place.right": "Right",
});
