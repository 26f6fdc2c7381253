#!/usr/bin/env node
// The generator on a list of cases, for the comparison with Python (tests/seating).
//
// Reads on stdin a JSON list of cases {"document": ..., "seed": "<16 hex>"} and prints on
// stdout a JSON list: for each case {"plan": planOf(document, seed)}, or {"refused": true}
// when the generator refuses (a SeatingError: too few players, a team too large, an
// impossible fixed table…).  Any other error is a bug of the port: it stops with its trace.

import fs from 'node:fs';
import { planOf, SeatingError } from './draw.mjs';

const cases = JSON.parse(fs.readFileSync(0, 'utf8'));
const out = cases.map(({ document, seed }) => {
  try {
    return { plan: planOf(document, seed) };
  } catch (error) {
    if (error instanceof SeatingError) return { refused: true };
    throw error;
  }
});
process.stdout.write(JSON.stringify(out) + '\n');
