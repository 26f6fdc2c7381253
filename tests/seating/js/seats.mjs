// The seats: docs/tirage.md, annex, « Les places ».  Each table of the draft is put in seat
// order (North, East, South, West, fifth): one order drawn per table (shuffle of the
// permutation numbers, the cheapest first in the shuffled order), then an even-out pass.

const SEAT_PASSES = 20;

// The permutations of 0 … k − 1 in lexicographic order (itertools.permutations(range(k))).
function permutations(k) {
  const out = [];
  const walk = (prefix, left) => {
    if (left.length === 0) {
      out.push(prefix);
      return;
    }
    left.forEach((v, i) => walk([...prefix, v], [...left.slice(0, i), ...left.slice(i + 1)]));
  };
  walk([], Array.from({ length: k }, (_, i) => i));
  return out;
}
const ORDERS = new Map();
const ordersOf = (k) => {
  if (!ORDERS.has(k)) ORDERS.set(k, permutations(k));
  return ORDERS.get(k);
};

// dealSeats(draft, { n, history, S }) → seated: positions → tables → players in seat order.
export function dealSeats(draft, { n, history, S }) {
  // C[x][s]: times x sat at seat s in the history (present players only), then as dealt.
  const C = Array.from({ length: n }, () => [0, 0, 0, 0, 0]);
  for (const position of history) {
    for (const table of position) {
      for (let s = 0; s < Math.min(5, table.length); s++) if (table[s] < n) C[table[s]][s] += 1;
    }
  }

  // First round: one order per table, counters updated at once.
  const seated = draft.map((position) => position.map((table) => {
    const k = table.length;
    const orders = ordersOf(k);
    const cost = orders.map((o) => table.reduce((sum, x, i) => sum + C[x][o[i]], 0));
    const numbers = orders.map((_, j) => j);
    S.shuffle(numbers);
    let best = numbers[0];
    for (const j of numbers) if (cost[j] < cost[best]) best = j;
    const seats = new Array(k);
    table.forEach((x, i) => {
      seats[orders[best][i]] = x;
      C[x][orders[best][i]] += 1;
    });
    return seats;
  }));

  // Even out: swaps of two seats that lower Σ C², at most 20 rounds.
  for (let round = 0; round < SEAT_PASSES; round++) {
    let swapped = false;
    for (const position of seated) {
      for (const sigma of position) {
        const k = sigma.length;
        for (let i = 0; i < k; i++) {
          for (let j = i + 1; j < k; j++) {
            const u = sigma[i];
            const w = sigma[j];
            const delta = 2 * (C[u][j] - C[u][i] + C[w][i] - C[w][j]) + 4;
            if (delta < 0) {
              C[u][i] -= 1; C[u][j] += 1;
              C[w][j] -= 1; C[w][i] += 1;
              sigma[i] = w; sigma[j] = u;
              swapped = true;
            }
          }
        }
      }
    }
    if (!swapped) break;
  }
  return seated;
}
