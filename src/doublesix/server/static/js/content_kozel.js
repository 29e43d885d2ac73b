// @ts-check
// The Rules and Tips pages' sections for three and four players and for «Козёл» (RULES.md
// §6 and §9), appended to content.js's pages.

export const KOZEL = {
  rules: {
    ru: [
      { h3: "Втроём и вчетвером" },
      { p: "Ходят по кругу: после вас — игрок слева, затем напротив, затем справа. Рыба — когда все по очереди спасовали и никто ничего не поставил. При выходе победитель получает сумму очков со всех остальных рук; при рыбе выигрывает меньшая сумма и получает очки всех остальных." },
      { h3: "Козёл" },
      { p: "Дворовая игра вчетвером, пара на пару: ваш партнёр сидит напротив. Раздают по семь — все 28 костяшек на руках, базара нет. Первую сдачу начинает тот, у кого 1-1, и ходит ею; следующие — тот, кто вышел, а после рыбы — рыбак, любой костяшкой." },
      { tiles: ["1-1", "1-4", "4-6"] },
      { p: "Нет хода — игрок стучит (пас). Сдача кончается, когда кто-то выложил последнюю костяшку — тогда выиграла его пара, — или рыбой: все четверо постучали подряд." },
      { ul: [
        "Очки штрафные и пишутся проигравшей паре: при выходе — всё, что осталось на руках у обоих её игроков.",
        "При рыбе каждая пара считает свои две руки; у кого больше, те и записывают свой счёт. Поровну — «яйца»: обе суммы висят и достаются проигравшим следующей сдачи.",
        "Одна оставшаяся на руке 0-0 считается за 25, остальные костяшки — по очкам.",
        "Пара, первой набравшая больше 101, — козлы. Если у победителей в этот момент 0 — это «сухой козёл».",
      ] },
      { p: "Руку партнёра не видно, как и руки соперников: компьютер-партнёр тоже в неё не заглядывает." },
    ],
    en: [
      { h3: "Three and four players" },
      { p: "Turns go round the table: after you, the player on your left, then opposite, then on your right. A fish is when everyone has passed in turn with no tile laid. A player who goes out scores the pips of every other hand; in a fish the lowest total wins and scores all the others." },
      { h3: "Kozel («Козёл», the goat)" },
      { p: "The Russian yard game for four, pair against pair: your partner sits opposite. Seven tiles each — all 28 are dealt, there is no boneyard. The first deal is led by whoever holds 1-1, with that tile; later deals by the player who went out, or after a fish by the fisherman, with any tile." },
      { tiles: ["1-1", "1-4", "4-6"] },
      { p: "Nothing fits — the player knocks (passes). A deal ends when someone plays their last tile — their pair wins — or in a fish: all four knocked in a row." },
      { ul: [
        "Points are penalties and go to the losing pair: after a domino, everything left in both its players' hands.",
        "In a fish each pair counts its two hands; the pair with more adds its own count. Equal counts «hang» and go to the losers of the next deal.",
        "A lone 0-0 left in hand counts 25; every other tile its pips.",
        "The first pair over 101 are the goats. If the winners have 0 at that moment it is a «dry goat».",
      ] },
      { p: "Your partner's hand is as hidden as the opponents': a computer partner never peeks at it either." },
    ],
  },
  tips: {
    ru: [
      { h3: "Козёл: играйте за пару" },
      { p: "Стук партнёра — подсказка: на этих концах ему нечем ходить. Не закрывайте ему последнюю надежду, открывайте значения, которые он только что ставил. А если постучал соперник — держите эти значения на концах." },
      { p: "Рыбу в «Козле» считают по двум рукам пары: если у вас и у партнёра, по всему видно, мало очков, а у соперников много — закрывайте концы. Одинокая 0-0 в конце стоит 25: не оставляйте её последней." },
    ],
    en: [
      { h3: "Kozel: play for the pair" },
      { p: "Your partner's knock is a hint: nothing fits those ends in their hand. Do not shut their last chance; open the values they just played. When an opponent knocks, keep those values on the ends." },
      { p: "A fish in Kozel is counted over both hands of a pair: if you and your partner seem to hold little and the opponents much, close the ends. A lone 0-0 at the end costs 25: do not keep it for last." },
    ],
  },
};
