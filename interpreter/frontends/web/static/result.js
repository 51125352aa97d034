// The result first: the head of a round's or the match's card, read before its details. The
// match's: who won, then the final score; a patience's: won, or how far it got. A round's: one
// line of every side's score as the round ended, with what each made in it.
import { besideScore, h, sideName } from "./common.js";

// A side's score in the match's own unit where it has one (Texas 42: "2 marks").
function scoreText(state, score) {
  const unit = state.tricks && state.tricks.unit;
  return unit ? `${score} ${score === 1 ? unit[0] : unit[1]}` : String(score);
}

function signed(points) {
  return points > 0 ? `+${points}` : String(points);
}

// "You: 150 · Computer: 98", the winners first; each name in bold, so that a number is never read
// as part of a name ("Computer 2 & Computer 4: 8 marks").
function scoreLine(state, order, score, extra) {
  const parts = order.map((side) => [h("strong", {}, sideName(state, side)), `: ${scoreText(state, score(side))}${extra(side)}`]);
  return parts.flatMap((part, k) => (k ? [" · ", ...part] : part));
}

// The match's headline: the winners (or a patience's outcome) in words.
export function matchHeadline(state) {
  if (state.hand_counts.length === 1) {
    const won = (state.winners || []).length > 0;
    const t = state.tableau;
    if (!t) return won ? "Match over: You won." : "Match over: You did not win.";
    const cleared = t.removed.length;
    return won ? `Match over: You won — all ${cleared} tiles cleared.` : `Match over: you cleared ${cleared} of ${t.set_size}.`;
  }
  const winners = (state.winners || []).map((side) => sideName(state, side));
  if (!winners.length) return "Match over: nobody wins.";
  const one = winners.length === 1 && winners[0] !== "You" && !winners[0].includes(" & ");
  return `Match over: ${winners.join(" and ")} win${one ? "s" : ""}.`;
}

// The match's final score, the winners first (then the rest in seat order); none for a patience,
// whose headline says how it went.
export function finalScore(state) {
  if (state.hand_counts.length === 1) return [];
  const sides = Array.from({ length: state.sides }, (_, side) => side);
  const won = new Set(state.winners || []);
  const order = [...sides.filter((s) => won.has(s)), ...sides.filter((s) => !won.has(s))];
  return ["Final score: ", ...scoreLine(state, order, (side) => state.scores[side],
    (side) => besideScore(state.tracks, state.eliminated, side))];
}

// A round's scores in one line: every side's total as the round ended, and what it made in it.
export function roundScore(state, end) {
  const sides = Array.from({ length: state.sides }, (_, side) => side);
  const row = (state.score_sheet || []).find((r) => r.round === end.round);
  const gained = end.tricks ? end.tricks.gained : row && row.points;
  return ["Scores: ", ...scoreLine(state, sides, (side) => end.scores[side],
    (side) => (gained ? ` (${signed(gained[side])})` : "") + besideScore(end.tracks, end.out, side))];
}
