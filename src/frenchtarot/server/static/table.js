// One seat (or a spectator) at a table: the picture, the buttons, the score sheet.
// The server sends view frames (the whole picture each time) and error frames; this page
// sends what the player clicks, as the notation of an action the view offered.
"use strict";

(function () {
  const ROOT = document.body.dataset.root || "";
  const TABLE = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
  const TOKEN = new URLSearchParams(location.hash.slice(1)).get("token");
  const FINAL = new Set([4403, 4404, 4410, 1008]);

  const WORDS = {
    fr: {
      title: "Tarot",
      result: "Score de la donne",
      next: "Donne suivante",
      download: "Télécharger la partie (JSON)",
      lastTrick: "Dernier pli",
      sheet: "Feuille de marque",
      other: "English",
      connecting: "Connexion…",
      connected: "Connecté",
      lost: "Connexion perdue, nouvel essai…",
      spectator: "Vous regardez la table.",
      yourTurn: "À vous de jouer.",
      waitingFor: "{name} réfléchit…",
      dealOf: "Donne {n} sur {total}",
      dealOpen: "Donne {n}",
      dealOver: "La donne est finie.",
      matchOver: "La partie est finie.",
      waitingNext: "On attend : {names}",
      noHandful: "ou jouez une carte (pas de poignée)",
      annulledAll: "Donne annulée : tout le monde a passé.",
      annulledPetit: "Donne annulée : {name} avait le Petit sec.",
      takerLine: "{name} : {contract} (x{times})",
      withPartner: "avec {name}",
      alone: "seul",
      made: "faite de {n}",
      lost_: "chutée de {n}",
      points: "{points} points, {bouts} bout(s), il en fallait {target} : {verdict}",
      petitAuBout: "Petit au bout : {value}",
      handful: "Poignée de {name} ({size} atouts) : {value}",
      slam: "Chelem : {value}",
      unit: "Marque de base : {value}",
      trickWon: "Pli {n}, remporté par {name}",
      playedBy: "{name} : {card}",
      total: "Total",
      none: "—",
      pass: "Passe",
      noSlam: "Pas de chelem",
      slamAnnounce: "Annoncer un chelem",
      petite: "Petite",
      garde: "Garde",
      garde_sans: "Garde sans le chien",
      garde_contre: "Garde contre le chien",
      call: "Appeler {card}",
      showHandful: "Montrer une poignée de {size} atouts",
      discard: "Écarter {card}",
      play: "Jouer {card}",
      rank: { 1: "As", 11: "Valet", 12: "Cavalier", 13: "Dame", 14: "Roi" },
      suit: { S: "pique", H: "cœur", D: "carreau", C: "trèfle" },
      cardName: "{rank} de {suit}",
      trump: "Atout {n}",
      excuse: "l'Excuse",
      errors: {
        rate_limited: "Trop de messages : doucement.",
        between_deals: "La donne est finie : passez à la suivante.",
        match_over: "La partie est finie.",
        spectator: "Un spectateur ne joue pas.",
        bad_token: "Ce lien n'ouvre aucune place.",
        no_table: "Cette table n'existe pas (ou plus).",
        table_closed: "La table est fermée.",
        not_your_turn: "Ce n'est pas à vous de jouer.",
      },
    },
    en: {
      title: "Tarot",
      result: "Score of the deal",
      next: "Next deal",
      download: "Download the match (JSON)",
      lastTrick: "Last trick",
      sheet: "Score sheet",
      other: "Français",
      connecting: "Connecting…",
      connected: "Connected",
      lost: "Connection lost, trying again…",
      spectator: "You are watching the table.",
      yourTurn: "Your turn.",
      waitingFor: "{name} is thinking…",
      dealOf: "Deal {n} of {total}",
      dealOpen: "Deal {n}",
      dealOver: "The deal is over.",
      matchOver: "The match is over.",
      waitingNext: "Waiting for: {names}",
      noHandful: "or play a card (no handful)",
      annulledAll: "Deal annulled: every player passed.",
      annulledPetit: "Deal annulled: {name} held the Petit alone.",
      takerLine: "{name}: {contract} (x{times})",
      withPartner: "with {name}",
      alone: "alone",
      made: "made by {n}",
      lost_: "lost by {n}",
      points: "{points} points, {bouts} bout(s), {target} needed: {verdict}",
      petitAuBout: "Petit au bout: {value}",
      handful: "Handful of {name} ({size} trumps): {value}",
      slam: "Slam: {value}",
      unit: "Base score: {value}",
      trickWon: "Trick {n}, won by {name}",
      playedBy: "{name}: {card}",
      total: "Total",
      none: "—",
      pass: "Pass",
      noSlam: "No slam",
      slamAnnounce: "Announce a slam",
      petite: "Petite",
      garde: "Garde",
      garde_sans: "Garde sans (without the dog)",
      garde_contre: "Garde contre (against the dog)",
      call: "Call {card}",
      showHandful: "Show a handful of {size} trumps",
      discard: "Put {card} in the écart",
      play: "Play {card}",
      rank: { 1: "Ace", 11: "Jack", 12: "Knight", 13: "Queen", 14: "King" },
      suit: { S: "spades", H: "hearts", D: "diamonds", C: "clubs" },
      cardName: "{rank} of {suit}",
      trump: "Trump {n}",
      excuse: "the Excuse",
      errors: {
        rate_limited: "Too many messages: slow down.",
        between_deals: "The deal is over: go on to the next one.",
        match_over: "The match is over.",
        spectator: "A spectator does not play.",
        bad_token: "This link opens no seat.",
        no_table: "There is no such table (any more).",
        table_closed: "The table is closed.",
        not_your_turn: "It is not your turn.",
      },
    },
  };
  const RANKS = { J: 11, C: 12, Q: 13, K: 14 };

  function chooseLang() {
    const asked = new URLSearchParams(location.search).get("lang");
    if (asked === "fr" || asked === "en") return asked;
    return (navigator.language || "fr").toLowerCase().startsWith("fr") ? "fr" : "en";
  }

  let lang = chooseLang();
  const theme = matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  let view = null;
  let socket = null;
  let retry = 0;
  let finished = false;
  const $ = (id) => document.getElementById(id);

  function t(key, values) {
    let text = WORDS[lang][key];
    if (text === undefined) text = key;
    for (const [name, value] of Object.entries(values || {})) {
      text = text.split(`{${name}}`).join(String(value));
    }
    return text;
  }

  function signed(value) {
    return value > 0 ? `+${value}` : String(value);
  }

  function cardName(code) {
    const words = WORDS[lang];
    if (code === "EX") return words.excuse;
    if (code[0] === "T") return t("trump", { n: code.slice(1) });
    const suit = code.slice(-1);
    const head = code.slice(0, -1);
    const rank = RANKS[head] || Number(head);
    const rankName = words.rank[rank] || String(rank);
    return t("cardName", { rank: rankName, suit: words.suit[suit] });
  }

  function playerName(seat) {
    if (!view || seat === null || seat === undefined) return "?";
    const player = view.players[seat];
    return player ? player.name : `${seat}`;
  }

  function label(action) {
    const words = action.notation.split(" ");
    const head = words[0];
    if (head === "pass") {
      return view.phase === "slam" ? t("noSlam") : t("pass");
    }
    if (head === "slam") return t("slamAnnounce");
    if (["petite", "garde", "garde_sans", "garde_contre"].includes(head)) return t(head);
    if (head === "call") return t("call", { card: cardName(action.card) });
    if (head === "handful") return t("showHandful", { size: action.cards.length });
    if (head === "discard") return t("discard", { card: cardName(action.card) });
    return t("play", { card: cardName(action.card || head) });
  }

  // --- The connection ----------------------------------------------------------------------

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function setConnection(state) {
    const node = $("connection");
    node.dataset.state = state;
    node.textContent = t(state);
  }

  function connect() {
    const url = new URL(`${ROOT}/ws/${encodeURIComponent(TABLE)}`, location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    socket = new WebSocket(url.href);
    setConnection("connecting");
    socket.addEventListener("open", () => {
      retry = 0;
      setConnection("connected");
      const hello = { type: "hello", lang: lang, theme: theme };
      if (TOKEN) hello.token = TOKEN;
      socket.send(JSON.stringify(hello));
    });
    socket.addEventListener("message", (event) => {
      const frame = JSON.parse(event.data);
      if (frame.type === "view") {
        view = frame;
        render();
      } else if (frame.type === "error") {
        showProblem(frame);
      }
    });
    socket.addEventListener("close", (event) => {
      if (FINAL.has(event.code)) {
        finished = true;
        setConnection("lost");
        $("connection").textContent = "";
        return;
      }
      if (finished) return;
      setConnection("lost");
      retry = Math.min(retry + 1, 5);
      setTimeout(connect, 1000 * retry);
    });
  }

  function showProblem(frame) {
    const known = WORDS[lang].errors;
    const text = known[frame.rule] || known[frame.code] || frame.message;
    const node = $("problem");
    node.textContent = text;
    node.dataset.code = frame.rule || frame.code;
    clearTimeout(showProblem.timer);
    showProblem.timer = setTimeout(() => {
      node.textContent = "";
    }, 6000);
  }

  // --- Drawing -----------------------------------------------------------------------------

  function render() {
    const body = document.body;
    body.dataset.version = String(view.version);
    body.dataset.status = view.status;
    body.dataset.phase = view.phase;
    body.dataset.turn = view.seat !== null && view.current === view.seat ? "mine" : "other";
    renderDealInfo();
    renderPicture();
    renderActions();
    renderStatus();
    renderResult();
    renderLastTrick();
    renderSheet();
  }

  function renderDealInfo() {
    const total = view.deals_to_play;
    let number = view.status === "playing" ? view.scored + 1 : view.scored;
    if (view.breakdown && view.breakdown.annulled) number = view.scored + 1;
    $("deal-info").textContent =
      total === null ? t("dealOpen", { n: number }) : t("dealOf", { n: number, total: total });
  }

  function renderPicture() {
    const holder = $("picture");
    holder.innerHTML = view.svg; // drawn by the server from this seat's view only
    holder.querySelectorAll("[data-action]").forEach((node) => {
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      node.setAttribute("aria-label", label({ notation: node.dataset.action, card: node.dataset.card }));
    });
  }

  function renderActions() {
    const holder = $("actions");
    holder.replaceChildren();
    const drawn = new Set(
      [...$("picture").querySelectorAll("[data-action]")].map((node) => node.dataset.action),
    );
    const handful = view.actions.some((action) => action.notation.startsWith("handful"));
    for (const action of view.actions) {
      if (drawn.has(action.notation)) continue;
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.notation = action.notation;
      button.textContent = label(action);
      if (action.cards) button.title = action.cards.map(cardName).join(", ");
      holder.append(button);
    }
    if (handful && drawn.size) {
      const hint = document.createElement("span");
      hint.className = "hint";
      hint.textContent = t("noHandful");
      holder.append(hint);
    }
  }

  function renderStatus() {
    let text;
    if (view.status === "match_over") text = t("matchOver");
    else if (view.status === "deal_over") text = t("dealOver");
    else if (view.seat !== null && view.current === view.seat) text = t("yourTurn");
    else text = t("waitingFor", { name: playerName(view.current) });
    if (view.seat === null) text = `${t("spectator")} ${text}`;
    $("status").textContent = text;
  }

  function line(text, className) {
    const node = document.createElement("p");
    node.textContent = text;
    if (className) node.className = className;
    return node;
  }

  function renderResult() {
    const box = $("breakdown");
    box.replaceChildren();
    const score = view.breakdown;
    $("result").hidden = !score;
    $("next").hidden = !(view.status === "deal_over" && view.waiting.includes(view.seat));
    $("waiting").textContent =
      view.status === "deal_over" && view.waiting.length
        ? t("waitingNext", { names: view.waiting.map(playerName).join(", ") })
        : "";
    const download = $("download");
    download.hidden = !view.record;
    download.href = `${ROOT}/table/${encodeURIComponent(TABLE)}/record`;
    if (!score) return;
    if (score.annulled) {
      box.append(
        line(
          score.annulled === "petit_sec"
            ? t("annulledPetit", { name: playerName(score.annulled_seat) })
            : t("annulledAll"),
        ),
      );
    } else {
      let head = t("takerLine", {
        name: playerName(score.taker),
        contract: t(score.contract),
        times: score.multiplier,
      });
      if (score.called) {
        head += ` (${cardName(score.called)}, ${
          score.partner === null ? t("alone") : t("withPartner", { name: playerName(score.partner) })
        })`;
      }
      box.append(line(head, "contract"));
      const verdict = score.made ? t("made", { n: score.margin }) : t("lost_", { n: score.margin });
      box.append(
        line(
          t("points", {
            points: score.taker_points,
            bouts: score.bouts,
            target: score.target,
            verdict: verdict,
          }),
        ),
      );
      if (score.petit_au_bout) {
        box.append(line(t("petitAuBout", { value: signed(score.petit_au_bout.value) })));
      }
      for (const shown of score.handfuls) {
        box.append(
          line(t("handful", { name: playerName(shown.seat), size: shown.size, value: signed(shown.value) })),
        );
      }
      if (score.slam.announced || score.slam.value) {
        box.append(line(t("slam", { value: signed(score.slam.value) })));
      }
      box.append(line(t("unit", { value: signed(score.unit) })));
    }
    const table = document.createElement("table");
    table.className = "deltas";
    score.deltas.forEach((delta, seat) => {
      const row = table.insertRow();
      row.dataset.player = String(seat);
      row.insertCell().textContent = playerName(seat);
      const cell = row.insertCell();
      cell.className = "delta";
      cell.textContent = signed(delta);
    });
    box.append(table);
  }

  function renderLastTrick() {
    const box = $("last-trick");
    box.replaceChildren();
    const trick = view.last_trick;
    if (!trick) {
      box.append(line(t("none")));
      return;
    }
    box.append(line(t("trickWon", { n: trick.number, name: playerName(trick.winner) })));
    const list = document.createElement("ol");
    for (const played of trick.cards) {
      const item = document.createElement("li");
      item.dataset.card = played.card;
      item.textContent = t("playedBy", { name: playerName(played.seat), card: cardName(played.card) });
      if (played.seat === trick.winner) item.className = "winner";
      list.append(item);
    }
    box.append(list);
  }

  function renderSheet() {
    const table = $("sheet");
    table.replaceChildren();
    const sheet = view.sheet;
    const head = table.createTHead().insertRow();
    head.insertCell().textContent = "#";
    for (const name of sheet.names) {
      const cell = document.createElement("th");
      cell.textContent = name;
      head.append(cell);
    }
    const rows = table.createTBody();
    for (const entry of sheet.rows) {
      const row = rows.insertRow();
      row.insertCell().textContent = String(entry.number);
      entry.scores.forEach((value, player) => {
        const cell = row.insertCell();
        cell.textContent = signed(value);
        if (player === entry.taker) cell.className = "taker";
      });
    }
    const foot = table.createTFoot().insertRow();
    foot.insertCell().textContent = t("total");
    sheet.totals.forEach((value, player) => {
      const cell = foot.insertCell();
      cell.dataset.player = String(player);
      cell.textContent = signed(value);
    });
  }

  // --- Input -------------------------------------------------------------------------------

  function act(notation) {
    if (!view || view.current !== view.seat || view.status !== "playing") return;
    send({ type: "act", action: notation });
  }

  function start() {
    $("picture").addEventListener("click", (event) => {
      const target = event.target.closest("[data-action]");
      if (target) act(target.dataset.action);
    });
    $("picture").addEventListener("keydown", (event) => {
      const target = event.target.closest("[data-action]");
      if (target && (event.key === "Enter" || event.key === " ")) {
        event.preventDefault();
        act(target.dataset.action);
      }
    });
    $("actions").addEventListener("click", (event) => {
      const target = event.target.closest("button[data-notation]");
      if (target) act(target.dataset.notation);
    });
    $("next").addEventListener("click", () => send({ type: "next" }));
    $("lang").addEventListener("click", () => {
      lang = lang === "fr" ? "en" : "fr";
      const here = new URL(location.href);
      here.searchParams.set("lang", lang);
      history.replaceState(null, "", here.href);
      translate();
      send({ type: "view", lang: lang });
    });
    translate();
    connect();
  }

  function translate() {
    document.documentElement.lang = lang;
    document.querySelectorAll("[data-i18n]").forEach((node) => {
      node.textContent = t(node.dataset.i18n);
    });
    $("lang").textContent = t("other");
    $("lang").lang = lang === "fr" ? "en" : "fr";
    const state = $("connection").dataset.state;
    if (state) $("connection").textContent = t(state);
    if (view) render();
  }

  start();
})();
