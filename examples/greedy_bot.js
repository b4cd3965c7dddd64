#!/usr/bin/env node
// A Cuttle bot in JavaScript (Node, no dependencies) speaking the engine protocol of
// docs/protocol.md on standard input and output. It plays greedily: a king or a
// scuttle when it can, else its biggest point card, else it draws.
//
//   cuttle arena --bots ext:"node examples/greedy_bot.js",greedy --games 20
//   cuttle play --opponent ext:"node examples/greedy_bot.js"
"use strict";
const readline = require("readline");

const RANKS = { A: 1, T: 10, J: 11, Q: 12, K: 13 };
function rank(card) {
  // "7H" -> 7, "TD" -> 10, "KS" -> 13, jokers ("X1") -> 14.
  if (card[0] === "X") return 14;
  return RANKS[card[0]] || Number(card[0]);
}

// How much the bot likes one legal move (higher is better).
function score(move, view, seat) {
  const [verb, card, target] = move.split(" ");
  switch (verb) {
    case "royal":
      return card[0] === "K" ? 40 : card[0] === "Q" ? 18 : 20;
    case "scuttle":
      return 22 + rank(target) - rank(card) / 2;
    case "points":
      return 10 + rank(card);
    case "jack":
      return 12 + rank(target);
    case "counter":
      return 15;
    case "glasses":
      return 9;
    case "oneoff":
      return oneoffScore(card, target, view, seat);
    case "draw":
      return 8;
    case "discard":
      return 30 - move.split(" ").slice(1).reduce((s, c) => s + rank(c), 0);
    case "take":
    case "scrap":
      return 10 + rank(card);
    case "resolve":
      return 5;
    default: // pass and anything new
      return 0;
  }
}

// One-offs: take a king or a big point card from an opponent, else wait.
function oneoffScore(card, target, view, seat) {
  if (!target) return rank(card) === 1 ? 6 : 4; // aces, threes, fours ... with no target
  const mine = view.fields[seat];
  const isMine = JSON.stringify(mine).includes(`"${target}"`);
  if (isMine) return -10;
  return 6 + rank(target);
}

const state = { seat: 0, view: null, legal: [], moves: 0 };
const send = (line) => process.stdout.write(line + "\n");

function onMessage(line) {
  const space = line.indexOf(" ");
  const keyword = space < 0 ? line : line.slice(0, space);
  const rest = space < 0 ? "" : line.slice(space + 1);
  switch (keyword) {
    case "cuttle": // the host's version; we speak 1
      send("id name greedy-js");
      send("id author the Cuttle examples");
      send("cuttleok");
      break;
    case "newgame":
      state.moves = 0;
      break;
    case "seat":
      state.seat = Number(rest);
      break;
    case "view":
      state.view = JSON.parse(rest);
      break;
    case "legal":
      state.legal = JSON.parse(rest);
      break;
    case "go": {
      let best = state.legal[0];
      let bestScore = -Infinity;
      for (const move of state.legal) {
        const s = score(move, state.view, state.seat);
        if (s > bestScore) [best, bestScore] = [move, s];
      }
      state.moves += 1;
      send(`info iterations ${state.legal.length} pv ${best}`);
      send(`move ${best}`);
      break;
    }
    case "quit":
      process.exit(0);
      break;
    default: // rules, seed, event, gameover and anything newer: not needed here
      break;
  }
}

readline.createInterface({ input: process.stdin }).on("line", onMessage);
