"""Self-play: a random player against a one-ply greedy one, on a seega.Board (legal_turns,
push); each game is written as the library records it (seega.Game.from_board, with its tags),
and seega.check_file confirms that every one of them is valid.

    python examples/self_play.py [--games 1000] [--seed 1] [--rules standard] [--out FILE]
"""

import argparse
import os
import random
import sys
import tempfile

import seega

# Movement turns after which a game that has not ended is written unfinished, with `*`.
MAX_MOVEMENT_TURNS = 200


def captures(turn):
    """How many pieces a turn listed by legal_turns captures (`b2-b3xb4xc3` → 2)."""
    return len(turn.captures)


def random_player(rng, board):
    """Any legal turn."""
    return rng.choice(board.legal_turns())


def greedy_player(rng, board):
    """A turn that captures the most pieces now, at random among the best."""
    turns = board.legal_turns()
    best = max(map(captures, turns))
    return rng.choice([t for t in turns if captures(t) == best])


def play_game(rng, rules, players):
    """One game, played on a Board until it ends or has had MAX_MOVEMENT_TURNS movement turns."""
    board = seega.Board(rules)
    movement = 0
    while not board.is_over() and movement < MAX_MOVEMENT_TURNS:
        player = players[board.side_to_move]
        movement += board.phase == "movement"
        board.push(player(rng, board))
    return board


def write_games(out, games, seed, rules):
    """Plays `games` games and writes them to the text file `out`; returns the results."""
    rng = random.Random(seed)
    results = {}
    for n in range(1, games + 1):
        # The greedy player takes black in odd games, white in even ones.
        black, white = ("greedy", "random") if n % 2 else ("random", "greedy")
        kinds = {"greedy": greedy_player, "random": random_player}
        board = play_game(rng, rules, {"black": kinds[black], "white": kinds[white]})
        result = board.result() or "*"
        results[result] = results.get(result, 0) + 1
        # The library writes the record: tags, move numbers, every capture, the result.
        headers = {"Event": "Self-play", "Round": str(n), "Black": black, "White": white}
        out.write(str(seega.Game.from_board(board, headers)) + "\n")
    return results


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="standard")
    parser.add_argument("--out", help="the archive written (default: a temporary file)")
    args = parser.parse_args(argv)
    path = args.out or os.path.join(tempfile.mkdtemp(), "self_play.sgn")
    with open(path, "w", encoding="utf-8") as out:
        results = write_games(out, args.games, args.seed, args.rules)
    summary = seega.check_file(path)
    print(f"{args.games} games written to {path}; results {results}")
    print(f"check_file: {summary!r}")
    for problem in summary.problems[:10]:
        print(problem)
    ok = summary.games == args.games and summary.valid == args.games and summary.errors == 0
    print("all valid" if ok else "NOT all valid")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
