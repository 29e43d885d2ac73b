// @ts-check
// «Ещё раз с ним»'s words (issue 25): after a hall game, a new table for the same two players.
import { extend } from "./i18n.js";

extend("ru", {
  "again.offer": "Ещё раз с ним",
  "again.invited": "{name} зовёт сыграть ещё раз — за новым столом, те же правила и часы",
  "again.accept": "Принять",
  "again.decline": "Отказаться",
  "again.waiting": "Приглашение отправлено — ждём, что ответит {name}",
  "again.withdraw": "Отозвать приглашение",
  "again.declined": "{name} не принимает приглашение",
  "again.ready": "Новый стол готов",
  "again.go": "За новый стол",
});

extend("en", {
  "again.offer": "Play them again",
  "again.invited": "{name} invites you to play again — a new table, the same rules and clock",
  "again.accept": "Accept",
  "again.decline": "Decline",
  "again.waiting": "Invitation sent — waiting for {name} to answer",
  "again.withdraw": "Withdraw the invitation",
  "again.declined": "{name} declines the invitation",
  "again.ready": "The new table is ready",
  "again.go": "To the new table",
});
