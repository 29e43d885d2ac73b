// @ts-check
// The "Rules" and "Tips" pages, in our own words from the product texts (seeds 000, 001, 003).
// DOM-free data: headings, paragraphs, lists and tile pictures; views/pages.js draws them.

import { KOZEL } from "./content_kozel.js";

export const PAGES = {
  rules: {
    ru: [
      { h2: "Правила" },
      { p: "В наборе «дубль-шесть» 28 костяшек: от пусто-пусто (0-0) до шесть-шесть. Каждому игроку раздают по семь, остальные 14 лежат в базаре рубашкой вверх. Сколько их там, видно всем; какие — никому." },
      { tiles: ["0-0", "1-4", "3-5", "6-6"] },
      { h3: "Кто начинает" },
      { p: "Начинает тот, у кого старший дубль, и ходит именно им. Если дублей ни у кого нет — костяшка с наибольшей суммой. Обязательная первая костяшка подсвечена в руке." },
      { h3: "Ход" },
      { p: "Приставьте костяшку к одному из двух открытых концов цепочки так, чтобы значения совпали. Пусто совпадает только с пусто. Костяшка разворачивается сама. Дубль ложится поперёк, но ответвлений не даёт: концов всегда два." },
      { tiles: ["4-4", "1-4", "1-1"] },
      { p: "Если подходящая костяшка есть, ходить обязательно: нельзя брать из базара или пасовать, чтобы дождаться другой." },
      { h3: "Добор или блок" },
      { ul: [
        "«С добором»: нет хода — берите из базара по одной, пока не появится подходящая. Взятая неподходящая костяшка хода не передаёт. Пас — только когда базар пуст и хода нет.",
        "«Без добора»: нет хода — пас. Базар в игре не участвует, рука не растёт.",
        "«До 101»: нет хода — одна костяшка из базара берётся сама; подошла — ставьте её, не подошла — ход переходит сопернику.",
      ] },
      { h3: "Конец партии" },
      { p: "Домино: кто выложил последнюю костяшку, тот выиграл и получает сумму очков на руке соперника." },
      { p: "Рыба: два паса подряд, и никто ничего не поставил. Считают очки на руках: меньшая сумма выигрывает и получает разницу. При равных суммах — ничья. Пустой базар сам по себе партию не заканчивает." },
      { h3: "Матч до 101" },
      { p: "Очки здесь штрафные: после каждой сдачи проигравший записывает себе очки со своей руки. Кто первым наберёт больше 101, проигрывает матч. В первой сдаче начинает тот, у кого 1-1 (нет её — 2-2, 3-3 и так далее). Потом начинает победитель прошлой сдачи, а после рыбы — рыбак, тот, кто её сделал." },
      { ul: [
        "Заход с 0-0 — проигравшему +25, заход с 6-6 — +50.",
        "Выход дублем 0-0, 1-1, 2-2, 5-5 или 6-6 — проигравшему +50; дублем 3-3 или 4-4 — +25.",
        "Если у проигравшего остался один дубль, он считается особо: 0-0 — 25, 5-5 и 6-6 — по 50, остальные — по своим очкам.",
        "Рыба: записывает тот, у кого больше очков на руке. Равные суммы «повисают» и достаются проигравшему следующей сдачи.",
      ] },
    ],
    en: [
      { h2: "Rules" },
      { p: "The double-six set has 28 tiles, from blank-blank (0-0) to six-six. Each player gets seven; the other 14 lie face down in the boneyard. Everyone sees how many are left there; nobody sees which." },
      { tiles: ["0-0", "1-4", "3-5", "6-6"] },
      { h3: "Who starts" },
      { p: "The player holding the highest double leads, and leads with that double. If nobody has a double, the tile with the most pips leads. The required first tile is highlighted in the hand." },
      { h3: "A turn" },
      { p: "Put a tile next to one of the two open ends of the line so that the values match. A blank matches only a blank. The tile turns round by itself. A double lies crosswise but never branches: there are always two ends." },
      { tiles: ["4-4", "1-4", "1-1"] },
      { p: "If a tile fits, you must play: you may not draw or pass to wait for a better one." },
      { h3: "Draw or block" },
      { ul: [
        "Draw: nothing fits — draw from the boneyard one at a time until something fits. Drawing a useless tile does not end your turn. You pass only when the boneyard is empty and nothing fits.",
        "Block: nothing fits — pass. The boneyard never comes into play; your hand never grows.",
        "To 101: nothing fits — one tile is drawn for you; if it fits, play it, if not, the turn goes over.",
      ] },
      { h3: "End of a game" },
      { p: "Domino: whoever plays their last tile wins and scores the pips left in the opponent's hand." },
      { p: "Fish (blocked game): two passes in a row with no tile laid between them. Both count the pips in hand: the lower total wins the difference. Equal totals are a draw. An empty boneyard alone does not end the game." },
      { h3: "The 101 match" },
      { p: "Points are penalties: after each deal the loser adds the pips from their own hand. The first to go over 101 loses the match. The first deal is led by whoever holds 1-1 (else 2-2, 3-3 and so on); then the winner of the last deal leads, and after a fish the player who made it." },
      { ul: [
        "Leading with 0-0 gives the loser +25; leading with 6-6, +50.",
        "Going out with the double 0-0, 1-1, 2-2, 5-5 or 6-6 gives the loser +50; with 3-3 or 4-4, +25.",
        "A loser left with a single double counts it specially: 0-0 is 25, 5-5 and 6-6 are 50 each, the others their pips.",
        "Fish: the player with more pips in hand takes them. Equal totals hang over and go to the loser of the next deal.",
      ] },
    ],
  },
  tips: {
    ru: [
      { h2: "Советы" },
      { h3: "Держите разные значения" },
      { p: "Рука из одних шестёрок красива, пока на концах шестёрки. Сохраняйте костяшки с разными числами — тогда ход найдётся почти при любых концах, и не придётся брать из базара или пасовать." },
      { h3: "Дорогие костяшки — не тяните, но и не спешите" },
      { p: "6-6, 5-6 и другие крупные костяшки опасно держать до конца: при рыбе или выходе соперника они дорого стоят. Но не сбрасывайте их ценой последней связки с концом — без хода вы проиграете больше." },
      { tiles: ["6-6", "5-6", "4-6"] },
      { h3: "Запоминайте, где соперник брал или пасовал" },
      { p: "Если соперник взял из базара при концах 3 и 5, значит, троек и пятёрок у него не было. Открывайте эти значения снова — ему снова будет нечем ответить." },
      { h3: "Считайте выложенное" },
      { p: "Каждого значения в наборе семь костяшек. Когда шесть из них уже на столе, седьмая — у вас, у соперника или в базаре. Это подсказывает, можно ли закрыть конец и сделать рыбу, когда у вас на руке меньше очков." },
      { h3: "Добор против блока" },
      { p: "С добором лишний ход дорого стоит: рука растёт, очки копятся. Без добора пас ничего не стоит, кроме темпа, поэтому там выгоднее закрывать концы, которых у соперника, по вашим наблюдениям, нет." },
    ],
    en: [
      { h2: "Tips" },
      { h3: "Keep varied values" },
      { p: "A hand full of sixes looks strong only while the ends show six. Keep tiles with different numbers and you will have a move against almost any ends, with no need to draw or pass." },
      { h3: "Heavy tiles: shed them, but not at any price" },
      { p: "6-6, 5-6 and other heavy tiles are risky to hold at the end: after a fish or the opponent's domino they cost a lot. But do not throw them away if that leaves you with no link to the ends — being stuck costs more." },
      { tiles: ["6-6", "5-6", "4-6"] },
      { h3: "Remember where the opponent drew or passed" },
      { p: "If the opponent drew with 3 and 5 on the ends, they had no threes and no fives. Open those values again and they may be stuck again." },
      { h3: "Count what has been played" },
      { p: "Each value appears on seven tiles. When six are on the table, the seventh is in your hand, the opponent's, or the boneyard. That tells you whether you can close an end and force a fish while you hold fewer pips." },
      { h3: "Draw versus block" },
      { p: "In the draw game a missing move is expensive: your hand grows and points pile up. In the block game a pass costs only tempo, so it pays more to close ends the opponent, by your observations, does not hold." },
    ],
  },
};

// three and four players, and «Козёл»: content_kozel.js
for (const page of /** @type {const} */ (["rules", "tips"])) for (const lang of /** @type {const} */ (["ru", "en"])) PAGES[page][lang].push(.../** @type {any[]} */ (KOZEL[page][lang]));
