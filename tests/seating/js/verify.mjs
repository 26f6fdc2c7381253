#!/usr/bin/env node
// Re-check a whole tournament from its tirages.json: docs/tirage.md « Vérifier tout un
// tournoi » and, rule by rule, « Ce que vérifie le vérificateur, règle par règle » (what
// `python -m seating.verify tirages.json` does).
//
// Usage: node verify.mjs tirages.json
// One verdict line per draw: « CONFORME / VERIFIED », « ÉCHEC / MISMATCH » followed by each
// difference, « EN ATTENTE / PENDING » for a draw not yet drawn or not yet revealed.  Exit code
// 0 when no judged draw fails (pending draws change nothing), 1 otherwise, 2 when the file is
// not JSON or has no list `draws`.

import fs from 'node:fs';
import {
  VERSIONS, canonicalJson, fingerprint, commitment, normalizeRoomSeed, seedOf, planOf, withSwaps,
} from './draw.mjs';

// A draw with a missing field or a field of the wrong type (rule 7: « données illisibles »).
class Unreadable extends Error {}

const isText = (value) => typeof value === 'string';
const isInteger = (value) => Number.isInteger(value);
function need(ok, field) {
  if (!ok) throw new Unreadable(`${field} manquant ou invalide`);
}

// An ISO 8601 instant with its offset, as microseconds since the epoch (so that two times of
// the same millisecond still compare exactly).  Rule 3 compares instants.
function microseconds(text, field) {
  const m = /^(\d{4})-(\d\d)-(\d\d)[T ](\d\d):(\d\d)(?::(\d\d)(?:[.,](\d{1,6}))?)?(Z|[+-]\d\d(?::?\d\d)?)$/.exec(text);
  need(m, field);
  const [, y, mo, d, h, mi, s = '0', frac = '', tz] = m;
  let ms = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s);
  if (tz !== 'Z') {
    const sign = tz[0] === '-' ? -1 : 1;
    const digits = tz.slice(1).replace(':', '');
    ms -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0')) * 60000;
  }
  return ms * 1000 + Number(frac.padEnd(6, '0'));
}

const same = (a, b) => canonicalJson(a) === canonicalJson(b);

// Rule 1: a draw not drawn, or drawn but whose secret is not revealed, is pending.
const pending = (draw) => draw.drawn !== true || draw.secret === null || draw.secret === undefined;

// The positions a draw's plan reaches: position ≤ q < position + its number of positions.
const reaches = (draw, q) => Array.isArray(draw.plan) && isInteger(draw.position)
  && draw.position <= q && q < draw.position + draw.plan.length;

// Rule 4: the draw in force for position q, among the revealed draws (those with a plan) that
// reach it: the last by drawn_at (compared as text; no date: ""), then position, then
// attempt.  Among equal keys, the first in the order of the file (as Python's max).
function inForce(draws, q) {
  let best = null;
  let bestKey = null;
  for (const draw of draws) {
    if (!reaches(draw, q)) continue;
    const key = [isText(draw.drawn_at) ? draw.drawn_at : '', draw.position, draw.attempt ?? 0];
    const later = bestKey === null || key[0] > bestKey[0] || (key[0] === bestKey[0]
      && (key[1] > bestKey[1] || (key[1] === bestKey[1] && key[2] > bestKey[2])));
    if (later) {
      best = draw;
      bestKey = key;
    }
  }
  return best;
}

// Rule 4: the published placement of q, the in-force draw's plan[q − position] after its
// swaps of position q, in the order of the list (« Les échanges à la main »).
function publishedPlacement(draw, q) {
  const swaps = (draw.swaps ?? []).filter((swap) => swap.position === q);
  return withSwaps(draw.plan[q - draw.position], swaps);
}

function check(draws, draw) {
  const problems = [];
  const say = (text) => problems.push(text);

  // Rule 2, in its order, some failures ending the checks of the draw.
  need(isText(draw.secret) && isText(draw.commitment), 'secret / commitment');
  if (commitment(draw.secret) !== draw.commitment) say("le secret ne donne pas l'engagement / the secret does not give the commitment");
  if (!VERSIONS.includes(draw.version)) {
    say(`version inconnue / unknown version: ${draw.version}`);
    return problems;
  }
  const input = draw.input;
  need(input !== null && typeof input === 'object' && !Array.isArray(input), 'input');
  if (input.version !== draw.version) {
    say(`les données nomment la version ${input.version} / the input names another version`);
    return problems;
  }
  need(isText(draw.input_fingerprint), 'input_fingerprint');
  const inputFingerprint = fingerprint(input);
  if (inputFingerprint !== draw.input_fingerprint) say("l'empreinte des données diffère / input fingerprint differs");
  need(isInteger(draw.position), 'position');
  if (input.position !== draw.position) say(`position ${draw.position} ≠ données ${input.position} / input position differs`);
  const withRoomSeed = draw.version !== 'tarot-seating-1' && draw.version !== 'tarot-seating-2';
  if (withRoomSeed && (!isText(draw.room_seed) || normalizeRoomSeed(draw.room_seed) !== draw.room_seed)) {
    say('graine de la salle absente ou invalide / room seed missing or invalid');
    return problems;
  }
  need(isText(draw.seed), 'seed');
  const seed = seedOf({
    secret: draw.secret, roomSeed: draw.room_seed, inputFingerprint, position: input.position, version: draw.version,
  });
  if (seed !== draw.seed) say(`graine ${seed} ≠ publiée ${draw.seed} / seed differs`);
  need(Array.isArray(draw.plan) && isText(draw.plan_fingerprint), 'plan / plan_fingerprint');
  if (fingerprint(draw.plan) !== draw.plan_fingerprint) say("l'empreinte du placement diffère / plan fingerprint differs");
  let computed = null;
  try {
    computed = planOf(input, seed);
  } catch (error) {
    if (error?.name !== 'SeatingError') throw error;
    say(`le générateur refuse / the generator refuses: ${error.message}`);
  }
  if (computed) {
    const mine = computed.slice(0, draw.plan.length);
    if (!same(mine, draw.plan)) {
      say(`placement différent / plan differs: calculé ${JSON.stringify(mine)}, publié ${JSON.stringify(draw.plan)}`);
    }
  }

  // Rule 3: the dates given, in this order, none before the previous one given (equal is in
  // order); revealed_at is not compared.
  let previous = null;
  for (const field of ['committed_at', 'room_seed_at', 'drawn_at', 'seating_published_at']) {
    const value = draw[field];
    if (value === null || value === undefined) continue;
    need(isText(value), field);
    const time = microseconds(value, field);
    if (previous && time < previous.time) say(`${field} avant ${previous.field} / ${field} before ${previous.field}`);
    previous = { field, time };
  }

  // Rule 5: only for the draw in force of its own position, each position k of the history is
  // the published placement of k, when a draw of the file places k.
  if (inForce(draws, draw.position) === draw) {
    need(Array.isArray(input.history), 'input.history');
    input.history.forEach((played, i) => {
      const k = i + 1;
      const source = inForce(draws, k);
      if (source === null) return;
      if (!same(publishedPlacement(source, k), played)) {
        say(`position ${k} : l'historique n'est pas le placement publié / history differs from the published placement`);
      }
    });
  }

  // Rule 6: each swap names players placed, in the plan as drawn, at its position, which is one
  // of the plan's positions.
  need(draw.swaps === undefined || Array.isArray(draw.swaps), 'swaps');
  for (const swap of draw.swaps ?? []) {
    need(swap !== null && typeof swap === 'object' && Array.isArray(swap.players), 'swaps[].players');
    const placed = reaches(draw, swap.position) ? new Set(draw.plan[swap.position - draw.position].flat()) : null;
    if (!placed || !swap.players.every((player) => placed.has(player))) {
      say(`échange ${JSON.stringify(swap.players)} en position ${swap.position} : pas des joueurs de cette position / not players of its position`);
    }
  }
  return problems;
}

function main() {
  let data;
  try {
    data = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
    if (!Array.isArray(data?.draws)) throw new Error('pas de liste « draws »');
  } catch (error) {
    console.error(`illisible / unreadable: ${error.message}`);
    process.exit(2);
  }
  let failed = false;
  for (const draw of data.draws) {
    const name = `Position ${draw?.position}, tirage n° ${draw?.attempt ?? 1}`;
    if (draw !== null && typeof draw === 'object' && pending(draw)) {
      const why = draw.drawn !== true ? 'engagement affiché, pas encore tiré' : 'secret pas encore révélé';
      console.log(`${name} : EN ATTENTE / PENDING (${why})`);
      continue;
    }
    let problems;
    try {
      need(draw !== null && typeof draw === 'object', 'tirage');
      problems = check(data.draws, draw);
    } catch (error) {
      // Rule 7 (and a swap naming a player who is not there, met while rebuilding a placement).
      problems = [`données illisibles / unreadable data: ${error.message}`];
    }
    if (problems.length === 0) {
      console.log(`${name} : CONFORME / VERIFIED`);
    } else {
      failed = true;
      console.log(`${name} : ÉCHEC / MISMATCH`);
      for (const problem of problems) console.log(`  - ${problem}`);
    }
  }
  process.exit(failed ? 1 : 0);
}

main();
