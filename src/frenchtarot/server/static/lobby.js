// The lobby: choose the table (seats, deals, rules, who is a bot), open it, share the links.
"use strict";

(function () {
  const ROOT = document.body.dataset.root || "";
  const WORDS = {
    fr: {
      lobbyTitle: "Tarot : une table",
      seats: "Joueurs à la table",
      deals: "Donnes",
      otherDeals: "autre :",
      rules: "Règles",
      players: "Places",
      create: "Ouvrir la table",
      linksTitle: "Les liens de la table",
      linksHelp: "Chaque lien ouvre une place : donnez-le à son joueur, et à lui seul.",
      spectate: "Pour regarder :",
      seat: "Place",
      name: "Nom",
      human: "Humain",
      bot: "Robot",
      copy: "Copier",
      copied: "Copié",
      open: "Ouvrir",
      botSeat: "un robot joue cette place",
      "three-player": "Trois joueurs (FFT)",
      "four-player": "Quatre joueurs (FFT)",
      "five-player": "Cinq joueurs (FFT)",
      ludicash: "Ludicash (sans la Petite)",
      other: "English",
    },
    en: {
      lobbyTitle: "Tarot: open a table",
      seats: "Players at the table",
      deals: "Deals",
      otherDeals: "other:",
      rules: "Rules",
      players: "Seats",
      create: "Open the table",
      linksTitle: "The table's links",
      linksHelp: "Each link opens one seat: give it to its player, and to nobody else.",
      spectate: "To watch:",
      seat: "Seat",
      name: "Name",
      human: "Human",
      bot: "Bot",
      copy: "Copy",
      copied: "Copied",
      open: "Open",
      botSeat: "a bot plays this seat",
      "three-player": "Three players (FFT)",
      "four-player": "Four players (FFT)",
      "five-player": "Five players (FFT)",
      ludicash: "Ludicash (no Petite)",
      other: "Français",
    },
  };

  function chooseLang() {
    const asked = new URLSearchParams(location.search).get("lang");
    if (asked === "fr" || asked === "en") return asked;
    return (navigator.language || "fr").toLowerCase().startsWith("fr") ? "fr" : "en";
  }

  let lang = chooseLang();
  let presets = [];
  let lastTable = null;
  const $ = (id) => document.getElementById(id);
  const t = (key) => WORDS[lang][key] || key;

  function seatCount() {
    return Number(document.querySelector('input[name="seats"]:checked').value);
  }

  function translate() {
    document.documentElement.lang = lang;
    document.querySelectorAll("[data-i18n]").forEach((node) => {
      node.textContent = t(node.dataset.i18n);
    });
    $("lang").textContent = t("other");
    $("lang").lang = lang === "fr" ? "en" : "fr";
    fillRules();
    fillPlayers();
    if (lastTable) showLinks(lastTable);
  }

  function fillRules() {
    const select = $("rules");
    const chosen = select.value;
    select.replaceChildren();
    for (const preset of presets.filter((p) => p.seats === seatCount())) {
      const option = document.createElement("option");
      option.value = preset.name;
      option.textContent = t(preset.name);
      option.selected = preset.name === chosen;
      select.append(option);
    }
  }

  function fillPlayers() {
    const list = $("player-list");
    const kept = [...list.querySelectorAll("li")].map((row) => ({
      name: row.querySelector("input").value,
      bot: row.querySelector("select").value === "bot",
    }));
    list.replaceChildren();
    for (let seat = 0; seat < seatCount(); seat += 1) {
      const row = document.createElement("li");
      row.dataset.seat = String(seat);
      const name = document.createElement("input");
      name.type = "text";
      name.maxLength = 40;
      name.id = `name-${seat}`;
      name.placeholder = `${t("seat")} ${seat}`;
      name.setAttribute("aria-label", `${t("name")} (${t("seat")} ${seat})`);
      name.value = kept[seat] ? kept[seat].name : "";
      const kind = document.createElement("select");
      kind.id = `kind-${seat}`;
      kind.setAttribute("aria-label", `${t("seat")} ${seat}`);
      for (const value of ["human", "bot"]) {
        const option = document.createElement("option");
        option.value = value;
        option.textContent = t(value);
        kind.append(option);
      }
      kind.value = kept[seat] ? (kept[seat].bot ? "bot" : "human") : seat === 0 ? "human" : "bot";
      row.append(name, kind);
      list.append(row);
    }
  }

  function dealsChosen() {
    const value = document.querySelector('input[name="deals"]:checked').value;
    return value === "other" ? Number($("deals-count").value) : Number(value);
  }

  function showLinks(table) {
    const list = $("link-list");
    list.replaceChildren();
    for (const seat of table.seats) {
      const row = document.createElement("li");
      row.dataset.seat = String(seat.seat);
      const label = document.createElement("strong");
      label.textContent = seat.name;
      row.append(label, " ");
      if (seat.link === null) {
        row.append(t("botSeat"));
      } else {
        const url = new URL(seat.link, location.href).href;
        const field = document.createElement("input");
        field.type = "text";
        field.readOnly = true;
        field.value = url;
        field.className = "link";
        field.setAttribute("aria-label", seat.name);
        const copy = document.createElement("button");
        copy.type = "button";
        copy.textContent = t("copy");
        copy.addEventListener("click", () => {
          field.select();
          if (navigator.clipboard) navigator.clipboard.writeText(url).catch(() => {});
          copy.textContent = t("copied");
        });
        const open = document.createElement("a");
        open.href = withLang(url);
        open.id = `open-seat-${seat.seat}`;
        open.textContent = t("open");
        open.target = "_blank";
        open.rel = "noopener";
        row.append(field, " ", copy, " ", open);
      }
      list.append(row);
    }
    const spectate = $("spectate");
    spectate.href = withLang(new URL(table.spectate, location.href).href);
    spectate.textContent = spectate.href;
    $("links").hidden = false;
  }

  function withLang(url) {
    const link = new URL(url);
    link.searchParams.set("lang", lang);
    return link.href;
  }

  async function create(event) {
    event.preventDefault();
    $("problem").textContent = "";
    const players = [...$("player-list").querySelectorAll("li")].map((row) => ({
      name: row.querySelector("input").value.trim(),
      bot: row.querySelector("select").value === "bot",
    }));
    const body = {
      seats: seatCount(),
      deals: dealsChosen(),
      rules: $("rules").value,
      players: players,
    };
    try {
      const response = await fetch(`${ROOT}/api/tables`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      const answer = await response.json();
      if (!response.ok) {
        $("problem").textContent = answer.message || answer.error;
        return;
      }
      lastTable = answer;
      showLinks(answer);
    } catch (error) {
      $("problem").textContent = String(error);
    }
  }

  async function start() {
    const response = await fetch(`${ROOT}/api/config`);
    const config = await response.json();
    presets = config.presets;
    $("deals-count").max = String(config.max_deals);
    translate();
    document.querySelectorAll('input[name="seats"]').forEach((input) => {
      input.addEventListener("change", () => {
        fillRules();
        fillPlayers();
      });
    });
    $("deals-count").addEventListener("focus", () => {
      $("deals-other").checked = true;
    });
    $("new-table").addEventListener("submit", create);
    $("lang").addEventListener("click", () => {
      lang = lang === "fr" ? "en" : "fr";
      const here = new URL(location.href);
      here.searchParams.set("lang", lang);
      history.replaceState(null, "", here.href);
      translate();
    });
    document.body.dataset.ready = "yes";
  }

  start().catch((error) => {
    $("problem").textContent = String(error);
  });
})();
