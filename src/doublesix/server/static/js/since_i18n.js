// @ts-check
// Words for «since your turn» on a shared screen of three or four (js/since.js), Russian first.
// Hot-seat players are «Игрок N»: the verbs agree with the masculine noun.
import { extend } from "./i18n.js";

extend("ru", {
  "since.lead": "С вашего хода:",
  "since.title": "Ходы с вашего прошлого хода",
  "since.seat": "{name}: {acts}",
  "since.partner": "{name} (партнёр)",
  "since.play": "{tile} {side}",
  "since.first": "заход {tile}",
  "since.draw": "взял из базара",
  "since.draws": "взял {n} из базара",
  "since.pass": "пас",
  "since.redeal": "пересдача",
  "since.left": "слева",
  "since.right": "справа",
});

extend("en", {
  "since.lead": "Since your turn:",
  "since.title": "Moves since your last turn",
  "since.seat": "{name}: {acts}",
  "since.partner": "{name} (partner)",
  "since.play": "{tile} {side}",
  "since.first": "led {tile}",
  "since.draw": "drew from the boneyard",
  "since.draws": "drew {n} from the boneyard",
  "since.pass": "passed",
  "since.redeal": "asked for a redeal",
  "since.left": "left",
  "since.right": "right",
});
