#!/usr/bin/env node
// A bot for frenchtarot's line protocol, in JavaScript: it answers the hello, then plays
// a legal action drawn with a seeded generator for every view it is sent.
// Usage: node random_bot.js [seed] [misbehaviour]
// The misbehaviours, for the tests: "sleep" (answers the third view too late), "exit" (ends
// at the third view), "garbage" (answers the third view with text that is no action),
// "illegal" (answers every view with an action the rules forbid), "hello" (a wrong hello).
"use strict";
const readline = require("readline");

const seed = Number(process.argv[2] || 1);
const mode = process.argv[3] || "";
let state = seed >>> 0 || 1;
function next() {
  // xorshift32: the same choices for the same seed, whatever the platform
  state ^= state << 13; state >>>= 0;
  state ^= state >>> 17;
  state ^= state << 5; state >>>= 0;
  return state;
}

let views = 0;
const lines = readline.createInterface({ input: process.stdin, terminal: false });
lines.on("line", (line) => {
  const message = JSON.parse(line);
  if (message.kind === "hello") {
    process.stdout.write(mode === "hello" ? "howdy\n" : "hello 1 random.js\n");
    return;
  }
  if (message.kind === "bye") {
    process.exit(0);
  }
  if (message.kind !== "observation") {
    return;
  }
  views += 1;
  const legal = message.legal_actions;
  if (views === 3 && mode === "sleep") {
    setTimeout(() => process.stdout.write(legal[0].notation + "\n"), 3000);
    return;
  }
  if (views === 3 && mode === "exit") {
    process.exit(3);
  }
  if (views === 3 && mode === "garbage") {
    process.stdout.write("I fold\n");
    return;
  }
  if (mode === "illegal") {
    process.stdout.write("discard EX\n");
    return;
  }
  process.stdout.write(legal[next() % legal.length].notation + "\n");
});
lines.on("close", () => process.exit(0));
