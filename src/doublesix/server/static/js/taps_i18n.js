// @ts-check
// Words for «Автоход», the computer's pace, sound and touch, and quick reactions (issue 24),
// Russian first. The reactions' keys are the server's (hall/chat.py REACTIONS).
import { extend } from "./i18n.js";

extend("ru", {
  "taps.title": "Игра",
  "taps.auto": "Автоход: единственный ход сам (взять, пас, одна костяшка)",
  "taps.autoNote": "Через миг после подсветки; коснитесь экрана, чтобы отменить.",
  "taps.pace": "Темп компьютера",
  "taps.pace.fast": "Быстро",
  "taps.pace.normal": "Обычно",
  "taps.pace.slow": "Медленно",
  "taps.sound": "Звуки",
  "taps.vibrate": "Вибрация на «Ваш ход»",
  "taps.reactions": "Показывать реакции других",
  "auto.pending": "Автоход: {move} (коснитесь — отмена)",
  "auto.draw": "взять из базара",
  "auto.pass": "пас",
  "auto.play": "{tile}",
  "taps.shareText": "Сыграем в домино?",
  "react.open": "Реакции",
  "react.said": "{name}: {text}",
  "react.fish": "Рыба!",
  "react.nice": "Хороший ход",
  "react.thanks": "Спасибо",
  "react.luck": "Удачи!",
  "react.oops": "Ой!",
  "react.thumbs_up": "👍",
  "react.smile_sweat": "😅",
  "react.wow": "😮",
  "react.thumbs_up.label": "Палец вверх",
  "react.smile_sweat.label": "Смущённая улыбка",
  "react.wow.label": "Удивление",
});

extend("en", {
  "taps.title": "Play",
  "taps.auto": "Auto-move: a single move plays itself (draw, pass, one tile)",
  "taps.autoNote": "A moment after it lights up; tap the screen to cancel.",
  "taps.pace": "Computer's pace",
  "taps.pace.fast": "Fast",
  "taps.pace.normal": "Normal",
  "taps.pace.slow": "Slow",
  "taps.sound": "Sounds",
  "taps.vibrate": "Vibrate on «Your turn»",
  "taps.reactions": "Show the others' reactions",
  "auto.pending": "Auto-move: {move} (tap to cancel)",
  "auto.draw": "draw from the boneyard",
  "auto.pass": "pass",
  "auto.play": "{tile}",
  "taps.shareText": "Fancy a game of dominoes?",
  "react.open": "Reactions",
  "react.said": "{name}: {text}",
  "react.fish": "Fish!",
  "react.nice": "Nice move",
  "react.thanks": "Thanks",
  "react.luck": "Good luck!",
  "react.oops": "Oops!",
  "react.thumbs_up": "👍",
  "react.smile_sweat": "😅",
  "react.wow": "😮",
  "react.thumbs_up.label": "Thumbs up",
  "react.smile_sweat.label": "Sheepish smile",
  "react.wow.label": "Wow",
});

/** The reactions a seat may send, in the order the picker shows them (the server's set). */
export const REACTIONS = ["fish", "nice", "thanks", "luck", "oops", "thumbs_up", "smile_sweat", "wow"];
/** Those drawn as an emoji: their accessible name is a word. */
export const EMOJI = new Set(["thumbs_up", "smile_sweat", "wow"]);
