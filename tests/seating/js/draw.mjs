// The verifiable draw around the generator: docs/tirage.md « Le calcul, pas à pas ».
//
// Canonical JSON and SHA-256 (canonical.mjs, re-exported here), the commitment, the
// fingerprints, the room seed, the seed text and the seed, planOf (the whole generator) and
// withSwaps (the swaps made by hand after a draw).

import { canonicalJson, sha256, fingerprint, compareCodePoints } from './canonical.mjs';
import { Random } from './random.mjs';
import { SeatingError, tableSizes, teamsOf, makeProblem } from './problem.mjs';
import { wishesOf, anyWishes, adjust } from './wishes.mjs';
import { dealSeats } from './seats.mjs';
import { search } from './tabu.mjs';

export { canonicalJson, sha256, fingerprint, compareCodePoints, SeatingError };

export const VERSIONS = ['tarot-seating-1', 'tarot-seating-2', 'tarot-seating-3', 'tarot-seating-4'];

// The commitment shown before the draw: SHA-256 of the 64 hex characters of the secret
// (docs/tirage.md, rule 1).
export function commitment(secret) {
  return sha256(secret);
}

// The room seed: 4 to 40 digits 0-9 once spaces are removed (« La graine de la salle »).
// Returns the normalized text, or null when it is not acceptable.
export function normalizeRoomSeed(text) {
  if (typeof text !== 'string') return null;
  const digits = text.replace(/ /g, '');
  return /^[0-9]{4,40}$/.test(digits) ? digits : null;
}

// The text whose SHA-256 starts with the seed (« La graine »):
// secret:graine-de-la-salle:empreinte-des-données:position:version, and for versions 1 and 2
// (made before the room seed) secret:empreinte-des-données:position:version.
export function seedText({ secret, roomSeed, inputFingerprint, position, version }) {
  if (version === 'tarot-seating-1' || version === 'tarot-seating-2') {
    return `${secret}:${inputFingerprint}:${position}:${version}`;
  }
  return `${secret}:${roomSeed}:${inputFingerprint}:${position}:${version}`;
}

// The seed: the first 16 hex digits of the SHA-256 of the seed text.
export function seedOf(parts) {
  return sha256(seedText(parts)).slice(0, 16);
}

// The versions (annex, « Les versions 1, 2 et 4 »): whether the search repairs the
// construction, whether version 1's continuation is looked for, whether the wishes (and the
// room seed) exist, whether the search holds the fixed tables (version 4, « La version 4 :
// la table fixe tenue par la recherche »).
const GENERATORS = {
  'tarot-seating-1': { continuePlan: true, repairs: false, wishes: false, pinFixed: false },
  'tarot-seating-2': { continuePlan: false, repairs: true, wishes: false, pinFixed: false },
  'tarot-seating-3': { continuePlan: false, repairs: true, wishes: true, pinFixed: false },
  'tarot-seating-4': { continuePlan: false, repairs: true, wishes: true, pinFixed: true },
};

// The plan of a document and a seed (docs/tirage.md, annex, « Du document au placement :
// l'enchaînement des étapes »): the P new positions (the drawn one first), each a list of
// tables, each the player_ids in seat order (North, East, South, West, fifth).  Throws a
// SeatingError when the generator refuses.
export function planOf(document, seedHex) {
  const generator = GENERATORS[document.version];
  if (!generator) throw new SeatingError(`version inconnue : ${document.version}`);
  const players = document.players;
  const n = players.length;

  // « Les numéros »: players in document order, then the gone players of the history by
  // increasing player_id.
  const numberOf = new Map();
  const ids = [];
  for (const player of players) {
    if (numberOf.has(player.player_id)) throw new SeatingError(`player_id ${player.player_id} deux fois`);
    numberOf.set(player.player_id, ids.length);
    ids.push(player.player_id);
  }
  const gone = new Set();
  for (const position of document.history) {
    for (const table of position) for (const id of table) if (!numberOf.has(id)) gone.add(id);
  }
  for (const id of [...gone].sort((a, b) => a - b)) {
    numberOf.set(id, ids.length);
    ids.push(id);
  }
  const history = document.history.map((position) => position.map((table) => table.map((id) => numberOf.get(id))));
  const teams = teamsOf(players.map((player) => player.team ?? null));

  // « Les étapes, dans l'ordre ».
  const P = document.positions;
  if (!(P >= 0)) throw new SeatingError('nombre de positions négatif');
  const sizes = tableSizes(n, document.allow_five);
  const T = sizes.length;
  for (const team of teams) {
    if (team.length > T) throw new SeatingError(`une équipe de ${team.length} joueurs pour ${T} tables`);
  }
  let wishes = { clubOf: new Array(n).fill(null), apart: [], fixed: new Map() };
  if (generator.wishes) {
    const known = (id) => numberOf.has(id);
    wishes = wishesOf({
      n,
      clubs: players.map((player) => player.club ?? null),
      apartPairs: (document.apart ?? []).filter(([a, b]) => known(a) && known(b))
        .map(([a, b]) => [numberOf.get(a), numberOf.get(b)]),
      fixedPairs: (document.fixed ?? []).filter(([id]) => known(id)).map(([id, k]) => [numberOf.get(id), k]),
      tableCount: T,
    });
  }

  // Version 4, « Les joueurs tenus »: with odd tables (S > 0), Fᵢ the players fixed at an odd
  // table, F₄ those fixed at a table of 4; nobody is held otherwise.
  const pinnedOdd = [];
  const pinnedFour = [];
  if (generator.pinFixed && sizes.some((size) => size !== 4)) {
    for (const [x, k] of wishes.fixed) (sizes[k - 1] !== 4 ? pinnedOdd : pinnedFour).push(x);
  }

  const G = BigInt('0x' + seedHex);
  // The search, with R = random.Random(G) (annex, « La recherche tabou », tabu.mjs);
  // version 1 first looks for the continuation of the plan the same players would have had
  // without the history.
  let draft = [];
  if (P > 0) {
    const runSearch = (positions, past) => search(
      makeProblem({ n, sizes, positions, teams, history: past, apart: wishes.apart, pinnedOdd, pinnedFour }),
      new Random(G),
      { repairs: generator.repairs },
    );
    draft = (generator.continuePlan && continuation(history, n, runSearch, P)) || runSearch(P, history);
  }
  // The organiser's wishes with their own generator V (« Les vœux de
  // l'organisateur »), then the seats with a new random.Random(G) (« Les places »).
  const teamOf = new Int32Array(n).fill(-1);
  teams.forEach((team, i) => team.forEach((x) => { teamOf[x] = i; }));
  if (anyWishes(wishes) && draft.length > 0) {
    adjust(draft, { n, sizes, history, teamOf, wishes, V: new Random(`${G}:wishes`) });
  }
  const seated = dealSeats(draft, { n, history, S: new Random(G) });
  // Refusal 7, a safeguard: two teammates at one table of a new position.
  for (const position of seated) {
    for (const table of position) {
      for (let i = 0; i < table.length; i++) {
        for (let j = i + 1; j < table.length; j++) {
          if (teamOf[table[i]] >= 0 && teamOf[table[i]] === teamOf[table[j]]) {
            throw new SeatingError('deux coéquipiers à une même table');
          }
        }
      }
    }
  }
  return seated.map((position) => position.map((table) => table.map((x) => ids[x])));
}

// Version 1's continuation (« La reprise »): when every played position seated
// exactly the present players, and a search over len(H) + P positions without history
// begins with the played positions (tables compared as sets), its last P positions.
function continuation(history, n, runSearch, P) {
  if (history.length === 0) return null;
  for (const position of history) {
    const all = position.flat();
    if (all.length !== n || new Set(all).size !== n || all.some((x) => !(x >= 0 && x < n))) return null;
  }
  const whole = runSearch(history.length + P, []);
  const asSets = (position) => new Set(position.map((table) => [...table].sort((a, b) => a - b).join(',')));
  for (let h = 0; h < history.length; h++) {
    const mine = asSets(history[h]);
    const theirs = asSets(whole[h]);
    if (mine.size !== theirs.size || [...mine].some((table) => !theirs.has(table))) return null;
  }
  return whole.slice(history.length, history.length + P);
}

// « Les échanges à la main »: the swaps of one position applied in the order of the list, each
// putting each of the two players at the place (table and seat) the other had at that moment.
// `tables` is one position's list of tables; returns a new list (the argument is not changed).
export function withSwaps(tables, swaps) {
  const out = tables.map((table) => table.slice());
  for (const swap of swaps) {
    const [a, b] = swap.players ?? swap;
    const where = (player) => {
      for (let t = 0; t < out.length; t++) {
        const s = out[t].indexOf(player);
        if (s >= 0) return [t, s];
      }
      return null;
    };
    const pa = where(a);
    const pb = where(b);
    if (!pa || !pb) throw new Error(`swap of ${a} and ${b}: a player is not in this position`);
    out[pa[0]][pa[1]] = b;
    out[pb[0]][pb[1]] = a;
  }
  return out;
}
